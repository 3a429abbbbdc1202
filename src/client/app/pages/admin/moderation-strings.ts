// Texts of a moderation queue card's seller block: who submitted the excursion, how to reach them and
// when it was sent.

export const MODERATION_REVIEW = {
  seller: 'Продавец',
  sellerName: (name: string, surname: string, id: number) =>
    [name, surname]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ') || `Продавец ID ${id}`,
  call: (phone: string) => `Позвонить ${phone}`,
  noPhone: 'Телефон не указан',
  write: (email: string) => `Написать на ${email}`,
  submittedAt: (date: string) => `Отправлена ${date}`,
} as const;
