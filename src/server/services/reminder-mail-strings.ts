// The Russian texts of the trip reminders: the e-mail (services/reminder-mail.ts) and the push
// notification (services/reminders.ts).
import type { PluralForms } from '../../domain/strings';

export const REMINDER_STRINGS = {
  eveningSubject: (title: string) => `Завтра экскурсия: ${title}`,
  soonSubject: (title: string) => `Скоро отправление: ${title}`,
  eveningHeading: 'Напоминаем: ваша экскурсия уже завтра',
  soonHeading: 'Напоминаем: скоро отправление',
  excursion: 'Экскурсия',
  when: 'Дата и время (по времени Крыма)',
  assemblyPoint: 'Место сбора',
  seats: 'Ваши места',
  party: 'Участники',
  ticket: 'Билет',
  advice:
    'Приходите на место сбора заранее и держите билет с QR-кодом под рукой: гид проверит его при посадке.',
  ticketLink: 'Открыть билет',
  /** The push notification's title and text. */
  eveningPushTitle: (title: string) => `Завтра: ${title}`,
  soonPushTitle: (title: string) => `Скоро отправление: ${title}`,
  pushBody: (when: string, assemblyPoint: string) =>
    assemblyPoint ? `${when}, место сбора: ${assemblyPoint}` : when,
} as const;

export const ADULT_FORMS = ['взрослый', 'взрослых', 'взрослых'] as const satisfies PluralForms;
export const KID_FORMS = ['ребёнок', 'ребёнка', 'детей'] as const satisfies PluralForms;
