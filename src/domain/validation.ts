// Login, registration and admin-panel input rules (SPEC §5, §8).

import { ENTER_USER_ID, SUCCESS_MARKER } from './strings';

export const PASSWORD_MIN_LENGTH = 6;

// Deliberately loose: something@something.something with no spaces. The e-mailed code proves the
// address, so a stricter pattern would only reject real addresses.
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return LOOSE_EMAIL.test(email);
}

/** At least 6 characters, counted as code points so an emoji is one character, not two. */
export function isValidPassword(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH;
}

export interface LoginForm {
  email: string;
  password: string;
}

export interface RegistrationForm extends LoginForm {
  repeatPassword: string;
  /** 'Даю согласие на обработку персональных данных' */
  consent: boolean;
}

/** 'Далее' on the login step. */
export function canSubmitLogin(form: LoginForm): boolean {
  return isValidEmail(form.email) && isValidPassword(form.password);
}

/** 'Далее' on the registration step: login rules plus a matching repeat and the consent ticked. */
export function canSubmitRegistration(form: RegistrationForm): boolean {
  return canSubmitLogin(form) && form.repeatPassword === form.password && form.consent;
}

/** The admin panel's error for the user id field, or null when it may be sent. */
export function adminUserIdError(userId: string): string | null {
  return userId.trim() === '' ? ENTER_USER_ID : null;
}

/** Admin-panel messages that contain 'успешно' are shown as success, every other one as an error. */
export function isSuccessMessage(message: string): boolean {
  return message.includes(SUCCESS_MARKER);
}
