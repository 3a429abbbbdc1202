// Every Russian text of registration, login and the e-mailed code, in one place.

export const AUTH_SERVICE_TEXTS = {
  badRequest: 'Проверьте e-mail и пароль (не короче 6 символов)',
  badCodeRequest: 'Введите e-mail и шестизначный код',
  userExists: 'Пользователь уже существует',
  badCredentials: 'Неверный e-mail или пароль',
  wrongCode: 'Неверный код',
  codeExpired: 'Код недействителен или истёк, запросите новый',
  tooMany: 'Слишком много попыток, попробуйте позже',
  mailFailed: 'Не удалось отправить письмо с кодом, попробуйте позже',
  badResetRequest: 'Введите e-mail в формате name@example.ru',
  badResetConfirm: 'Введите e-mail, шестизначный код и новый пароль (не короче 6 символов)',
} as const;

export const CODE_MAIL = {
  subject: 'Код подтверждения — Экскурсии по Крыму',
  text: (code: string, minutes: number) =>
    [
      'Здравствуйте!',
      '',
      `Ваш код подтверждения: ${code}`,
      '',
      `Код действует ${minutes} минут. Никому его не сообщайте.`,
      'Если вы не входили на сайт, просто проигнорируйте это письмо.',
    ].join('\n'),
} as const;

/** The letter with the code that sets a new password ('Забыли пароль?'). */
export const RESET_MAIL = {
  subject: 'Восстановление пароля — Экскурсии по Крыму',
  text: (code: string, minutes: number) =>
    [
      'Здравствуйте!',
      '',
      'Для этого адреса запросили восстановление пароля на сайте «Экскурсии по Крыму».',
      `Ваш код подтверждения: ${code}`,
      '',
      `Код действует ${minutes} минут. Никому его не сообщайте.`,
      'После смены пароля все прежние входы в аккаунт завершатся.',
      'Если вы не запрашивали восстановление пароля, просто проигнорируйте это письмо — пароль останется прежним.',
    ].join('\n'),
} as const;

export const ROLE_TEXTS = {
  promoted: 'Пользователь успешно повышен до продавца',
  demoted: 'Продавец успешно понижен до пользователя',
  userNotFound: 'Пользователь не найден',
  badUserId: 'Некорректный идентификатор пользователя',
  adminOnly: 'Только администратор может менять роли',
  adminRole: 'Роль администратора здесь изменить нельзя',
} as const;

export const PROFILE_TEXTS = {
  notYours: 'Можно менять только свой профиль',
  badProfile: 'Проверьте поля профиля: телефон обязателен, e-mail должен быть корректным',
  emailTaken: 'Этот e-mail уже занят',
  badAvatar: 'Аватар не найден, загрузите его снова',
  noFile: 'Прикрепите изображение в поле file',
  badEmailCode: 'Введите шестизначный код из письма',
} as const;

/** The letter with the code that confirms a new e-mail address; sent to that address. */
export const EMAIL_CHANGE_MAIL = {
  subject: 'Подтверждение нового e-mail — Экскурсии по Крыму',
  text: (code: string, minutes: number) =>
    [
      'Здравствуйте!',
      '',
      'Этот адрес указали как новый e-mail в профиле на сайте «Экскурсии по Крыму».',
      `Ваш код подтверждения: ${code}`,
      '',
      `Код действует ${minutes} минут. Никому его не сообщайте.`,
      'Если вы не меняли адрес в профиле, просто проигнорируйте это письмо.',
    ].join('\n'),
} as const;
