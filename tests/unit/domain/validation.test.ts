import { describe, it, expect } from 'vitest';
import {
  adminUserIdError,
  canSubmitLogin,
  canSubmitRegistration,
  isSuccessMessage,
  isValidEmail,
  isValidPassword,
} from '../../../src/domain/validation';

describe('isValidEmail', () => {
  it('accepts something@something.something', () => {
    expect(isValidEmail('ivan@example.ru')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(true);
    expect(isValidEmail('first.last+tag@mail.yandex.ru')).toBe(true);
    expect(isValidEmail('иван@почта.рф')).toBe(true);
  });

  it('rejects an address without @, without a dot after it, or with nothing around them', () => {
    expect(isValidEmail('ivan.example.ru')).toBe(false);
    expect(isValidEmail('ivan@example')).toBe(false);
    expect(isValidEmail('@example.ru')).toBe(false);
    expect(isValidEmail('ivan@.ru')).toBe(false);
    expect(isValidEmail('ivan@example.')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });

  it('rejects spaces anywhere, including around the address', () => {
    expect(isValidEmail('iv an@example.ru')).toBe(false);
    expect(isValidEmail(' ivan@example.ru')).toBe(false);
    expect(isValidEmail('ivan@example.ru ')).toBe(false);
  });

  it('rejects two @ signs', () => {
    expect(isValidEmail('a@b@c.ru')).toBe(false);
  });
});

describe('isValidPassword', () => {
  it('needs at least 6 characters', () => {
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('123456')).toBe(true);
    expect(isValidPassword('')).toBe(false);
  });

  it('counts an emoji as one character', () => {
    expect(isValidPassword('abcd😀')).toBe(false);
    expect(isValidPassword('abcde😀')).toBe(true);
  });
});

describe('login', () => {
  it('enables Далее with a valid e-mail and password', () => {
    expect(canSubmitLogin({ email: 'ivan@example.ru', password: 'secret1' })).toBe(true);
  });

  it('keeps Далее disabled when either is invalid', () => {
    expect(canSubmitLogin({ email: 'ivan@example', password: 'secret1' })).toBe(false);
    expect(canSubmitLogin({ email: 'ivan@example.ru', password: 'short' })).toBe(false);
  });
});

describe('registration', () => {
  const valid = { email: 'ivan@example.ru', password: 'secret1', repeatPassword: 'secret1', consent: true };

  it('enables Далее when everything is valid and consent is ticked', () => {
    expect(canSubmitRegistration(valid)).toBe(true);
  });

  it('needs the repeated password to equal the password exactly', () => {
    expect(canSubmitRegistration({ ...valid, repeatPassword: 'secret2' })).toBe(false);
    expect(canSubmitRegistration({ ...valid, repeatPassword: 'secret1 ' })).toBe(false);
  });

  it('needs the consent checkbox ticked', () => {
    expect(canSubmitRegistration({ ...valid, consent: false })).toBe(false);
  });

  it('still applies the login rules', () => {
    expect(canSubmitRegistration({ ...valid, password: '123', repeatPassword: '123' })).toBe(false);
    expect(canSubmitRegistration({ ...valid, email: 'nope' })).toBe(false);
  });
});

describe('admin panel', () => {
  it("asks 'Введите ID пользователя' for an empty or blank id", () => {
    expect(adminUserIdError('')).toBe('Введите ID пользователя');
    expect(adminUserIdError('   ')).toBe('Введите ID пользователя');
  });

  it('lets a non-empty id through', () => {
    expect(adminUserIdError('42')).toBeNull();
  });

  it("shows messages containing 'успешно' as success and others as errors", () => {
    expect(isSuccessMessage('Пользователь успешно повышен до продавца')).toBe(true);
    expect(isSuccessMessage('Продавец успешно понижен до пользователя')).toBe(true);
    expect(isSuccessMessage('Ошибка при повышении пользователя')).toBe(false);
    expect(isSuccessMessage('Ошибка сети')).toBe(false);
  });
});
