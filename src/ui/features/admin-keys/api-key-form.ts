// The API-key form as plain data: its values, the checks the product asks for (as i18n error codes)
// and the request bodies. Basic paths are accepted in any spelling the path rule normalises.
import {
  API_KEY_CUSTOM_MAX_LENGTH,
  API_KEY_CUSTOM_MIN_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  type ApiKeyView,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '@shared/api/api-key.schema';
import { normalizePath } from '@shared/path-rule';

export const expiryChoices = ['1', '7', '30', 'never', 'custom', 'keep'] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

export type ApiKeyFormValues = {
  name: string;
  customKey: string;
  expiry: ExpiryChoice;
  customDays: string;
  text: boolean;
  file: boolean;
  mount: boolean;
  readOnly: boolean;
  basicPath: string;
};

export type ApiKeyFormErrorCode =
  | 'nameRequired'
  | 'nameTooLong'
  | 'customKeyChars'
  | 'customKeyLength'
  | 'customDaysRequired'
  | 'customDaysInvalid'
  | 'basicPathInvalid'
  | 'nameTaken'
  | 'keyTaken';
export type ApiKeyFormErrors = Partial<Record<'name' | 'customKey' | 'customDays' | 'basicPath', ApiKeyFormErrorCode>>;

const MAX_DAYS = 36_500;
const KEY_CHARS = /^[A-Za-z0-9_-]+$/;

export function emptyApiKeyForm(): ApiKeyFormValues {
  return {
    name: '',
    customKey: '',
    expiry: '30',
    customDays: '',
    text: false,
    file: false,
    mount: false,
    readOnly: false,
    basicPath: '/',
  };
}

/** Edit starts from the key as it is; its expiry stays unless another choice is made. */
export function apiKeyFormFrom(key: ApiKeyView): ApiKeyFormValues {
  return {
    ...emptyApiKeyForm(),
    name: key.name,
    expiry: 'keep',
    text: key.text_permission,
    file: key.file_permission,
    mount: key.mount_permission,
    readOnly: key.read_only,
    basicPath: key.basic_path,
  };
}

export function validateApiKeyForm(values: ApiKeyFormValues): ApiKeyFormErrors {
  const errors: ApiKeyFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (name.length > API_KEY_NAME_MAX_LENGTH) errors.name = 'nameTooLong';
  const key = values.customKey.trim();
  if (key && !KEY_CHARS.test(key)) errors.customKey = 'customKeyChars';
  else if (key && (key.length < API_KEY_CUSTOM_MIN_LENGTH || key.length > API_KEY_CUSTOM_MAX_LENGTH))
    errors.customKey = 'customKeyLength';
  if (values.expiry === 'custom') {
    const days = values.customDays.trim();
    if (!days) errors.customDays = 'customDaysRequired';
    else if (!/^\d+$/.test(days) || Number(days) < 1 || Number(days) > MAX_DAYS)
      errors.customDays = 'customDaysInvalid';
  }
  if (normalizePath(values.basicPath.trim() || '/') === null) errors.basicPath = 'basicPathInvalid';
  return errors;
}

function expiryFields(values: ApiKeyFormValues): Pick<CreateApiKeyRequest, 'expires_at' | 'expires_in_days'> {
  if (values.expiry === 'keep') return {};
  if (values.expiry === 'never') return { expires_at: 'never' };
  if (values.expiry === 'custom') return { expires_in_days: Number(values.customDays.trim()) };
  return { expires_in_days: Number(values.expiry) };
}

function commonFields(values: ApiKeyFormValues) {
  return {
    name: values.name.trim(),
    ...expiryFields(values),
    text_permission: values.text,
    file_permission: values.file,
    mount_permission: values.mount,
    read_only: values.mount && values.readOnly,
    basic_path: normalizePath(values.basicPath.trim() || '/') ?? '/',
  };
}

/** Call only with values that passed validateApiKeyForm. */
export function toCreateRequest(values: ApiKeyFormValues): CreateApiKeyRequest {
  const key = values.customKey.trim();
  return { ...commonFields(values), ...(key ? { custom_key: key } : {}) };
}

export function toUpdateRequest(values: ApiKeyFormValues): UpdateApiKeyRequest {
  return commonFields(values);
}
