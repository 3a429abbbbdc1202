// The Russian texts of the moderation e-mails (services/moderation-mail.ts): the seller hears of the
// admin's decision, the admins hear of a new or repeated submission and of a change to a published
// excursion.

export const MODERATION_MAIL_STRINGS = {
  publishedSubject: (title: string) => `Экскурсия опубликована: ${title}`,
  publishedHeading: (title: string) =>
    `Ваша экскурсия «${title}» прошла проверку и опубликована: туристы уже видят её в каталоге.`,
  publishedLink: 'Страница экскурсии',
  rejectedSubject: (title: string) => `Экскурсия не прошла проверку: ${title}`,
  rejectedHeading: (title: string) => `Ваша экскурсия «${title}» не прошла проверку.`,
  reason: 'Причина',
  rejectedHint: 'Исправьте экскурсию и отправьте её на проверку снова со страницы экскурсии.',
  rejectedLink: 'Ваша экскурсия',
  submittedSubject: (title: string) => `Новая экскурсия на проверку: ${title}`,
  resubmittedSubject: (title: string) => `Экскурсия снова на проверке: ${title}`,
  submittedHeading: 'Продавец добавил экскурсию: она ждёт проверки.',
  resubmittedHeading: 'Продавец исправил отклонённую экскурсию и отправил её на проверку снова.',
  excursion: 'Экскурсия',
  seller: 'Продавец',
  email: 'Почта',
  phone: 'Телефон',
  noPhone: 'не указан',
  queueLink: 'Проверить в панели администратора',
  revisionSubmittedSubject: (title: string) => `Изменения экскурсии на проверку: ${title}`,
  revisionSubmittedHeading:
    'Продавец изменил опубликованную экскурсию: изменения ждут проверки. До решения туристы видят прежнюю версию.',
  revisionApprovedSubject: (title: string) => `Изменения экскурсии опубликованы: ${title}`,
  revisionApprovedHeading: (title: string) =>
    `Изменения вашей экскурсии «${title}» прошли проверку: туристы уже видят новую версию.`,
  revisionRejectedSubject: (title: string) => `Изменения экскурсии не прошли проверку: ${title}`,
  revisionRejectedHeading: (title: string) =>
    `Изменения вашей экскурсии «${title}» не прошли проверку. Туристы по-прежнему видят прежнюю версию.`,
  revisionRejectedHint: 'Исправьте экскурсию и сохраните её снова: изменения уйдут на проверку.',
} as const;
