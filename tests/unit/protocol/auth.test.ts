import { describe, expect, it } from 'vitest';
import {
  authResponseSchema,
  loginRequestSchema,
  normaliseReferrerId,
  registerRequestSchema,
  verifyCodeRequestSchema,
} from '../../../src/protocol/auth';
import { user } from './fixtures';

describe('registerRequestSchema (POST /auth/register)', () => {
  const body = { login_email: 'anna@example.ru', password: 'secret1', refferalOf: 7 };

  it('accepts a realistic registration', () => {
    expect(registerRequestSchema.parse(body)).toEqual(body);
  });

  it('normalises the e-mail (trimmed, lower case)', () => {
    expect(registerRequestSchema.parse({ ...body, login_email: ' Anna@Example.RU ' }).login_email).toBe(
      'anna@example.ru',
    );
  });

  it.each([
    [7, 7],
    ['7', 7],
    [' 42 ', 42],
    ['', null],
    [null, null],
    [undefined, null],
  ])('reads refferalOf %j as %j', (refferalOf, expected) => {
    expect(registerRequestSchema.parse({ ...body, refferalOf }).refferalOf).toBe(expected);
  });

  it('treats a missing refferalOf as none', () => {
    expect(registerRequestSchema.parse({ login_email: 'a@b.ru', password: 'secret1' }).refferalOf).toBeNull();
  });

  it.each([0, -1, 1.5, 'abc', '0', '7a', '99999999999999999', {}, true])(
    'rejects refferalOf %j',
    (refferalOf) => {
      expect(registerRequestSchema.safeParse({ ...body, refferalOf }).success).toBe(false);
    },
  );

  it.each([
    ['a short password', { password: '12345' }],
    ['a huge password', { password: 'x'.repeat(129) }],
    ['a bad e-mail', { login_email: 'anna' }],
    ['a huge e-mail', { login_email: `${'a'.repeat(250)}@b.ru` }],
    ['a numeric password', { password: 123456 }],
  ])('rejects %s', (_label, patch) => {
    expect(registerRequestSchema.safeParse({ ...body, ...patch }).success).toBe(false);
  });
});

describe('normaliseReferrerId', () => {
  it('reads a route parameter and drops garbage without throwing', () => {
    expect(normaliseReferrerId('15')).toBe(15);
    expect(normaliseReferrerId('abc')).toBeNull();
    expect(normaliseReferrerId(undefined)).toBeNull();
    expect(normaliseReferrerId({ toString: () => '1' })).toBeNull();
  });
});

describe('loginRequestSchema (POST /auth/login)', () => {
  it('accepts a login', () => {
    expect(loginRequestSchema.safeParse({ login_email: 'a@b.ru', password: 'secret1' }).success).toBe(true);
  });
  it('keeps spaces inside a password', () => {
    expect(loginRequestSchema.parse({ login_email: 'a@b.ru', password: ' pass word ' }).password).toBe(
      ' pass word ',
    );
  });
  it('rejects a missing password', () => {
    expect(loginRequestSchema.safeParse({ login_email: 'a@b.ru' }).success).toBe(false);
  });
});

describe('verifyCodeRequestSchema (POST /auth/verify-2fa)', () => {
  it.each(['012345', ' 123456 '])('accepts the code %j', (code) => {
    expect(verifyCodeRequestSchema.safeParse({ login_email: 'a@b.ru', code }).success).toBe(true);
  });
  it.each(['12345', '1234567', '12 345', 'abcdef', 123456, ''])('rejects the code %j', (code) => {
    expect(verifyCodeRequestSchema.safeParse({ login_email: 'a@b.ru', code }).success).toBe(false);
  });
});

describe('authResponseSchema', () => {
  it('accepts {user_data, access_token}', () => {
    expect(authResponseSchema.safeParse({ user_data: user(), access_token: 'eyJhbGciOi.x.y' }).success).toBe(
      true,
    );
  });
  it('rejects an empty token', () => {
    expect(authResponseSchema.safeParse({ user_data: user(), access_token: '' }).success).toBe(false);
  });
});
