// Texts of the comparison of an excursion's live listing with a seller's proposed changes: the field
// names an admin and the seller read in the 'Поле / Было / Стало' table, and how empty and yes/no
// values read.

export const DIFF_LABELS = {
  title: 'Название',
  description: 'Описание',
  city: 'Город',
  place: 'Достопримечательность',
  category: 'Категория',
  adultPrice: 'Цена для взрослого',
  kidPrice: 'Цена для ребёнка',
  adultInitPrice: 'Цена для взрослого без скидки',
  kidInitPrice: 'Цена для ребёнка без скидки',
  entryTickets: 'Входные билеты',
  adultEntryPrice: 'Входной билет для взрослого',
  kidEntryPrice: 'Входной билет для ребёнка',
  services: 'Дополнительные услуги',
  duration: 'Продолжительность',
  lunchDuration: 'Обед',
  difficulty: 'Сложность',
  childrenAllowed: 'Можно с детьми',
  freeCancelHours: 'Бесплатная отмена',
  directions: 'Маршрут',
  assemblyPoints: 'Места сбора',
  included: 'Что включено',
  notIncluded: 'Что не включено',
  images: 'Обложки',
  gallery: 'Галерея',
  video: 'Видео',
} as const;

export const DIFF_VALUES = {
  none: '—',
  yes: 'Да',
  no: 'Нет',
  hours: (hours: number) => `За ${hours} ч до начала`,
  service: (name: string, price: string) => `${name} — ${price}`,
  videoPresent: 'Есть',
  videoNew: 'Новое видео',
} as const;
