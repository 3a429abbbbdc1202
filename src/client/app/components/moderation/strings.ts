// Texts of an excursion's review history, shown to the admin in the queue and to the seller on the
// excursion's page.

export const MODERATION_HISTORY = {
  title: 'История проверки',
  submitted: 'Отправлена на проверку',
  rejected: (reason: string) => (reason ? `Отклонена: ${reason}` : 'Отклонена'),
  resubmitted: 'Отправлена повторно',
  published: 'Опубликована',
  revisionSubmitted: 'Изменения отправлены на проверку',
  revisionApproved: 'Изменения опубликованы',
  revisionRejected: (reason: string) => (reason ? `Изменения отклонены: ${reason}` : 'Изменения отклонены'),
} as const;

// Texts of the table comparing a published excursion's live listing with the proposed changes.
export const REVISION_DIFF = {
  caption: 'Что изменится',
  field: 'Поле',
  before: 'Было',
  after: 'Стало',
  noChanges: 'Изменений в описании нет',
} as const;
