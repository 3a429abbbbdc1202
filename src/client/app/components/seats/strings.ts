// Texts of the bus seat map, shared by the booking's seat step and the seller's seat configuration.

export const SEAT_MAP = {
  map: 'Схема мест в автобусе',
  seat: (n: number) => `Место ${n}`,
  driver: 'Водитель',
  door: 'Дверь',
  legend: 'Обозначения',
  available: 'Свободно',
  selected: 'Выбрано',
  unavailable: 'Занято',
} as const;
