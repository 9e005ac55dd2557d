/**
 * The media screens' words (library, uploads, unfinished uploads, thumbnail preview) and the messages
 * of uploads that fail in the browser, registered as the `admin-media` namespace when they load.
 */
import { type Catalogue, currentLanguage, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const ADMIN_MEDIA_NAMESPACE = 'admin-media';

const en = {
  'library.title': 'Media library',
  'library.videos': 'Videos',
  'library.images': 'Images',
  'library.conversions': 'Conversions',
  'library.conversionsFailed': 'The conversion list could not be loaded',
  'library.conversionOf': 'Conversion of {{name}}',
  'library.tryAgain': 'Try again',
  'library.noConversions': 'No conversions yet.',
  'library.files': 'Files',
  'library.imageAddress': 'Image address',
  'job.queued': 'queued',
  'job.running': 'running',
  'job.done': 'done',
  'job.failed': 'failed',
  'asset.processing': 'processing',
  'asset.ready': 'ready',
  'asset.failed': 'failed',

  'thumbs.title': 'Thumbnail preview',
  'thumbs.episodeId': 'Episode id',
  'thumbs.noEpisode': 'No episode with this id',
  'thumbs.episode': 'Episode thumbnail',
  'thumbs.posterFrameOf': 'Poster frame of {{name}}',
  'thumbs.posterFrame': 'Poster frame · {{name}}',
  'thumbs.poster_image': 'Series poster',
  'thumbs.cover_image': 'Series cover',
  'thumbs.banner_image': 'Series banner',

  'upload.videoLabel': 'Upload a video (MP4, MOV, WebM or MKV)',
  'upload.imageLabel': 'Upload an image (JPEG, PNG or WebP)',
  'upload.hint':
    'If the connection drops, the upload tries again by itself. After a reload, pick the same file again, or resume it under Media.',
  'upload.uploading': 'Uploading… {{percent}}',
  'upload.pause': 'Pause',
  'upload.cancel': 'Cancel upload',
  'upload.cancelled': 'The upload is cancelled.',
  'upload.waiting': 'Waiting for the converter…',
  'upload.queued': 'Queued for conversion',
  'upload.converting': 'Converting… {{percent}}',
  'upload.ready': 'The video is ready.',

  'pending.title': 'Unfinished uploads',
  'pending.dropped': 'The connection dropped. Resume when it is back.',
  'pending.uploaded': '{{percent}} uploaded',
  'pending.unreachable': 'The server could not be reached to check this upload',
  'pending.uploadOf': 'Upload of {{name}}',
  'pending.pickAgain': 'Pick the same file again above to continue this upload.',
  'pending.resumeLabel': 'Resume {{name}}',
  'pending.resume': 'Resume',
  'pending.discardLabel': 'Discard {{name}}',
  'pending.discard': 'Discard',

  'error.paused': 'The upload is paused. Pick the same file again to resume it.',
  'error.videoDropped':
    'The connection dropped and the upload stopped after several tries. Pick the same file again to resume it.',
  'error.signInAgain': 'Your sign-in has expired. Sign in again, then pick the same file to resume the upload.',
  'error.videoTooLarge': 'This video is too large to upload.',
  'error.videoForbidden': 'Your account may not upload videos.',
  'error.videoFailed': 'The upload could not be finished. Try again in a moment.',
  'error.cancelOffline': 'The upload could not be cancelled. Check the connection and try again.',
  'error.imageHost': 'Image host upload failed',
  'error.noCanvas': 'This browser cannot prepare images. Please try another browser.',
};

const ru: Catalogue = {
  'library.title': 'Медиатека',
  'library.videos': 'Видео',
  'library.images': 'Изображения',
  'library.conversions': 'Обработка',
  'library.conversionsFailed': 'Не удалось загрузить список обработки',
  'library.conversionOf': 'Обработка {{name}}',
  'library.tryAgain': 'Повторить',
  'library.noConversions': 'Обработок пока не было.',
  'library.files': 'Файлы',
  'library.imageAddress': 'Адрес изображения',
  'job.queued': 'в очереди',
  'job.running': 'обрабатывается',
  'job.done': 'готово',
  'job.failed': 'ошибка',
  'asset.processing': 'обрабатывается',
  'asset.ready': 'готов',
  'asset.failed': 'ошибка',

  'thumbs.title': 'Просмотр миниатюр',
  'thumbs.episodeId': 'Номер (id) серии',
  'thumbs.noEpisode': 'Серии с таким id нет',
  'thumbs.episode': 'Миниатюра серии',
  'thumbs.posterFrameOf': 'Кадр-постер из {{name}}',
  'thumbs.posterFrame': 'Кадр-постер · {{name}}',
  'thumbs.poster_image': 'Постер сериала',
  'thumbs.cover_image': 'Обложка сериала',
  'thumbs.banner_image': 'Баннер сериала',

  'upload.videoLabel': 'Загрузить видео (MP4, MOV, WebM или MKV)',
  'upload.imageLabel': 'Загрузить изображение (JPEG, PNG или WebP)',
  'upload.hint':
    'Если связь прервётся, загрузка повторится сама. После перезагрузки страницы выберите тот же файл снова или продолжите загрузку в разделе «Медиатека».',
  'upload.uploading': 'Загрузка… {{percent}}',
  'upload.pause': 'Пауза',
  'upload.cancel': 'Отменить',
  'upload.cancelled': 'Загрузка отменена.',
  'upload.waiting': 'Ждём обработчик…',
  'upload.queued': 'В очереди на обработку',
  'upload.converting': 'Обработка… {{percent}}',
  'upload.ready': 'Видео готово.',

  'pending.title': 'Незавершённые загрузки',
  'pending.dropped': 'Связь прервалась. Продолжите, когда она восстановится.',
  'pending.uploaded': 'Загружено {{percent}}',
  'pending.unreachable': 'Не удалось связаться с сервером, чтобы проверить эту загрузку',
  'pending.uploadOf': 'Загрузка {{name}}',
  'pending.pickAgain': 'Выберите тот же файл выше, чтобы продолжить загрузку.',
  'pending.resumeLabel': 'Продолжить {{name}}',
  'pending.resume': 'Продолжить',
  'pending.discardLabel': 'Удалить {{name}}',
  'pending.discard': 'Удалить',

  'error.paused': 'Загрузка на паузе. Выберите тот же файл снова, чтобы продолжить.',
  'error.videoDropped':
    'Связь прервалась, и после нескольких попыток загрузка остановилась. Выберите тот же файл снова, чтобы продолжить.',
  'error.signInAgain': 'Срок входа истёк. Войдите снова и выберите тот же файл, чтобы продолжить загрузку.',
  'error.videoTooLarge': 'Это видео слишком большое для загрузки.',
  'error.videoForbidden': 'Вашему аккаунту нельзя загружать видео.',
  'error.videoFailed': 'Не удалось завершить загрузку. Попробуйте ещё раз чуть позже.',
  'error.cancelOffline': 'Не удалось отменить загрузку. Проверьте подключение и попробуйте ещё раз.',
  'error.imageHost': 'Не удалось загрузить изображение на хостинг',
  'error.noCanvas': 'Этот браузер не умеет готовить изображения. Попробуйте другой браузер.',
};

const messages = defineMessages(ADMIN_MEDIA_NAMESPACE, { en, ru });

export type AdminMediaKey = MessageKey<typeof en>;
export const ADMIN_MEDIA_MESSAGES = messages.catalogues;
/** The media screens' translate function in components; re-renders when the language changes. */
export const useMediaT = messages.useMessages;
/** The media words outside components (upload errors), in the page's language at call time. */
export const mediaT = messages.t;

/** A fraction (0–1) as a whole percentage in the page's language: "40%", "40 %". */
export function percentText(fraction: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}
