// Why an upload was refused, with the text the user sees (the app is in Russian). Routes turn it
// into a 4xx answer with this message in `detail`.

export type MediaRejection =
  | 'empty'
  | 'bad_name'
  | 'not_image'
  | 'image_format'
  | 'heic'
  | 'unreadable'
  | 'too_many_pixels'
  | 'video_format'
  | 'image_too_large'
  | 'video_too_large'
  | 'busy';

export const MEDIA_REJECTION_MESSAGES: Record<MediaRejection, string> = {
  empty: 'Файл пустой',
  bad_name: 'Имя файла не должно содержать путь к папке',
  not_image: 'Файл не является изображением',
  image_format: 'Неподдерживаемый формат изображения: загрузите JPEG, PNG, WebP, AVIF или GIF',
  heic: 'Формат HEIC не поддерживается: сохраните фото как JPEG',
  unreadable: 'Не удалось прочитать изображение: файл повреждён',
  too_many_pixels: 'Изображение слишком большое: не более 50 мегапикселей',
  video_format: 'Неподдерживаемый формат видео: загрузите MP4 или WebM',
  image_too_large: 'Файл слишком большой: изображение должно быть не больше 15 МБ',
  video_too_large: 'Файл слишком большой: видео должно быть не больше 200 МБ',
  busy: 'Сервер занят обработкой фото, попробуйте через минуту',
};

export class MediaRejectedError extends Error {
  /**
   * 413 for files over the size cap, 429 when too many photos already wait for decoding (the upload
   * is fine: sent again later, it goes through), 400 for everything else the uploader must fix.
   */
  readonly status: 400 | 413 | 429;

  /** The uploaded file's name, so a form with many files can say which one was refused. */
  fileName: string | undefined;

  constructor(readonly reason: MediaRejection) {
    super(MEDIA_REJECTION_MESSAGES[reason]);
    this.name = 'MediaRejectedError';
    this.status =
      reason === 'image_too_large' || reason === 'video_too_large' ? 413 : reason === 'busy' ? 429 : 400;
  }
}
