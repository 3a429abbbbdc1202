// Texts of an excursion's review history, shown to the admin in the queue and to the seller on the
// excursion's page.

export const MODERATION_HISTORY = {
  title: 'История проверки',
  submitted: 'Отправлена на проверку',
  rejected: (reason: string) => (reason ? `Отклонена: ${reason}` : 'Отклонена'),
  resubmitted: 'Отправлена повторно',
  published: 'Опубликована',
} as const;
