// The system-settings form as plain data: values, the check (size > 0) and the request.
import {
  MAX_UPLOAD_SIZE_LIMIT,
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
};

export type SettingsFormError = 'sizeRequired' | 'sizeInvalid' | 'sizeTooLarge';

export function settingsFormFrom(settings: SystemSettings): SettingsFormValues {
  return {
    maxUploadSize: String(settings.max_upload_size),
    unit: settings.max_upload_size_unit,
    webdavMode: settings.webdav_upload_mode,
    guestPastes: settings.allow_guest_pastes,
  };
}

export function validateSettingsForm(values: SettingsFormValues): SettingsFormError | undefined {
  const size = values.maxUploadSize.trim();
  if (!size) return 'sizeRequired';
  if (!/^\d+$/.test(size) || Number(size) < 1) return 'sizeInvalid';
  if (Number(size) > MAX_UPLOAD_SIZE_LIMIT) return 'sizeTooLarge';
  return undefined;
}

/** Call only with values that passed validateSettingsForm. */
export function toSettingsRequest(values: SettingsFormValues): UpdateSystemSettingsRequest {
  return {
    max_upload_size: Number(values.maxUploadSize.trim()),
    max_upload_size_unit: values.unit,
    webdav_upload_mode: values.webdavMode,
    allow_guest_pastes: values.guestPastes,
  };
}
