// The texts of the offline pictures offer (profile screen, and the offline-ready moment).

/** Megabytes with one decimal, Russian style: 3,4 МБ; anything above zero shows at least 0,1. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes <= 0 ? 0 : Math.max(0.1, bytes / 1_000_000);
  return `${megabytes.toLocaleString('ru-RU', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} МБ`;
}

export const OFFLINE_PICTURES = {
  title: 'Фотографии без сети',
  offer: 'Сохранить каталог для поездки без сети',
  offerSize: (size: string) => `Все фотографии экскурсий для поездки без сети: ${size}`,
  measuring: 'Считаем размер…',
  sizeUnknown: 'Размер станет известен при подключении к сети',
  progress: (done: number, total: number, size: string) => `Загружено ${done} из ${total} · ${size}`,
  progressLabel: 'Загрузка фотографий каталога',
  stop: 'Остановить',
  stopped: 'Загрузка остановлена',
  done: 'Каталог сохранён для поездки без сети',
  partial: 'Не все фотографии загрузились: попробуйте ещё раз, когда связь станет лучше',
  full: 'На устройстве закончилось место: не все фотографии сохранены',
  metered: 'Экономия трафика: фотографии загружаются только по вашей просьбе',
  offline: 'Нет сети: загрузка начнётся, когда сеть появится',
} as const;
