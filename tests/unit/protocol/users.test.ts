import { describe, expect, it } from 'vitest';
import {
  favoriteParamsSchema,
  favoritesResponseSchema,
  roleChangeResponseSchema,
  updateUserRequestSchema,
  uploadFileResponseSchema,
  userIdParamSchema,
} from '../../../src/protocol/users';
import { EXCURSION_ID } from './fixtures';

const profile = {
  name: 'Анна',
  surname: 'Иванова',
  middlename: 'Сергеевна',
  phone: '8(978)123-45-67',
  email: 'Anna@Example.ru',
  avatar: 'avatar-12.png',
};

describe('updateUserRequestSchema (PUT /api/users/{id})', () => {
  it('accepts the masked phone and stores digits only', () => {
    const parsed = updateUserRequestSchema.parse(profile);
    expect(parsed.phone).toBe('89781234567');
    expect(parsed.email).toBe('anna@example.ru');
  });

  it('accepts an international phone and no avatar', () => {
    expect(updateUserRequestSchema.parse({ ...profile, phone: '+7 978 123 45 67', avatar: '' }).phone).toBe(
      '79781234567',
    );
  });

  it('trims names and allows them empty', () => {
    const parsed = updateUserRequestSchema.parse({ ...profile, name: '  Анна ', middlename: '' });
    expect(parsed.name).toBe('Анна');
    expect(parsed.middlename).toBe('');
  });

  it.each([
    ['an empty phone', { phone: '' }],
    ['a half-typed phone', { phone: '8(978)123-__-__' }],
    ['a phone without digits', { phone: 'позвоните мне' }],
    ['a phone of 16 digits', { phone: '1234567890123456' }],
    ['a phone as a number', { phone: 89781234567 }],
    ['a bad e-mail', { email: 'anna' }],
    ['a huge name', { name: 'я'.repeat(101) }],
    ['an avatar path', { avatar: '../../secret' }],
  ])('rejects %s', (_label, patch) => {
    expect(updateUserRequestSchema.safeParse({ ...profile, ...patch }).success).toBe(false);
  });
});

describe('uploadFileResponseSchema', () => {
  it('accepts a file name', () => {
    expect(uploadFileResponseSchema.safeParse({ filename: 'a1b2c3.png' }).success).toBe(true);
  });
  it('rejects a path', () => {
    expect(uploadFileResponseSchema.safeParse({ filename: '/var/media/a.png' }).success).toBe(false);
  });
});

describe('favourites', () => {
  it('parses the path parameters from text', () => {
    expect(favoriteParamsSchema.parse({ userId: '12', excursionId: EXCURSION_ID })).toEqual({
      userId: 12,
      excursionId: EXCURSION_ID,
    });
  });

  it.each([
    ['0', EXCURSION_ID],
    ['-1', EXCURSION_ID],
    ['1.5', EXCURSION_ID],
    ['12abc', EXCURSION_ID],
    ['12', 'not-an-id'],
  ])('rejects the parameters %j / %j', (userId, excursionId) => {
    expect(favoriteParamsSchema.safeParse({ userId, excursionId }).success).toBe(false);
  });

  it('accepts the resulting favourites list', () => {
    expect(favoritesResponseSchema.safeParse({ favorites: [EXCURSION_ID] }).success).toBe(true);
  });
});

describe('role changes', () => {
  it('reads a user id parameter', () => {
    expect(userIdParamSchema.parse('42')).toBe(42);
    expect(userIdParamSchema.safeParse('').success).toBe(false);
    expect(userIdParamSchema.safeParse('99999999999999999').success).toBe(false);
  });

  it('accepts the promote/demote answer', () => {
    expect(roleChangeResponseSchema.safeParse({ user_id: 42, role: 'seller' }).success).toBe(true);
    expect(roleChangeResponseSchema.safeParse({ user_id: 42, role: 'superuser' }).success).toBe(false);
  });
});
