// The system-settings form as plain data: values, the check (size > 0) and the request.
import {
  MAX_UPLOAD_SIZE_LIMIT,
  THUMBNAIL_SOURCE_MAX_MB,
  type SystemSettings,
  type UpdateSystemSettingsRequest,
  type UploadSizeUnit,
  type WebdavUploadMode,
} from '@shared/api/settings.schema';

export type SettingsFormValues = {
  maxUploadSize: string;
  unit: UploadSizeUnit;
  webdavMode: WebdavUploadMode;
  guestPastes: boolean;
  /** The largest image (MiB) the server makes thumbnails of. */
  thumbnailMaxMb: string;
};

export type SettingsFormError = 'sizeRequired' | 'sizeInvalid' | 'sizeTooLarge';
export type ThumbnailLimitError = 'thumbnailInvalid';

export function settingsFormFrom(settings: SystemSettings): SettingsFormValues {
  return {
    maxUploadSize: String(settings.max_upload_size),
    unit: settings.max_upload_size_unit,
    webdavMode: settings.webdav_upload_mode,
    guestPastes: settings.allow_guest_pastes,
    thumbnailMaxMb: String(settings.thumbnail_max_source_mb),
  };
}

export function validateSettingsForm(values: SettingsFormValues): SettingsFormError | undefined {
  const size = values.maxUploadSize.trim();
  if (!size) return 'sizeRequired';
  if (!/^\d+$/.test(size) || Number(size) < 1) return 'sizeInvalid';
  if (Number(size) > MAX_UPLOAD_SIZE_LIMIT) return 'sizeTooLarge';
  return undefined;
}

/** A whole number of MiB from 1 to the limit. */
export function validateThumbnailLimit(values: SettingsFormValues): ThumbnailLimitError | undefined {
  const size = values.thumbnailMaxMb.trim();
  return /^\d+$/.test(size) && Number(size) >= 1 && Number(size) <= THUMBNAIL_SOURCE_MAX_MB
    ? undefined
    : 'thumbnailInvalid';
}

/** Call only with values that passed validateSettingsForm and validateThumbnailLimit. */
export function toSettingsRequest(values: SettingsFormValues): UpdateSystemSettingsRequest {
  return {
    max_upload_size: Number(values.maxUploadSize.trim()),
    max_upload_size_unit: values.unit,
    webdav_upload_mode: values.webdavMode,
    allow_guest_pastes: values.guestPastes,
    thumbnail_max_source_mb: Number(values.thumbnailMaxMb.trim()),
  };
}
