// The mount form as plain data: values, the checks as i18n error codes, and the request.
// Path rules come from the shared mount schema, so the form and the server refuse the same paths.
import { CACHE_TTL_MAX_SECONDS, MOUNT_NAME_MAX_LENGTH } from '@shared/limits';
import {
  isReservedMountPath,
  MOUNT_DEFAULT_CACHE_TTL,
  MOUNT_PATH_MAX_LENGTH,
  mountPathSchema,
  mountStorageTypes,
  type CreateMountRequest,
  type MountStorageType,
  type MountView,
} from '@shared/api/mount.schema';

export type MountFormValues = {
  name: string;
  storageType: MountStorageType;
  storageConfigId: string;
  mountPath: string;
  cacheTtl: string;
  sortOrder: string;
  remark: string;
  isActive: boolean;
};

export type MountFormErrorCode =
  | 'nameRequired'
  | 'nameTooLong'
  | 'pathRequired'
  | 'pathTooLong'
  | 'pathStart'
  | 'pathRoot'
  | 'pathSlashes'
  | 'pathReserved'
  | 'pathChars'
  | 'pathTaken'
  | 'configRequired'
  | 'ttlInvalid'
  | 'sortInvalid';
export type MountFormErrors = Partial<
  Record<'name' | 'mountPath' | 'storageConfigId' | 'cacheTtl' | 'sortOrder', MountFormErrorCode>
>;

const SORT_LIMIT = 1_000_000;
const INTEGER = /^-?\d+$/;

export function emptyMountForm(): MountFormValues {
  return {
    name: '',
    storageType: 'local',
    storageConfigId: '',
    mountPath: '',
    cacheTtl: String(MOUNT_DEFAULT_CACHE_TTL),
    sortOrder: '0',
    remark: '',
    isActive: true,
  };
}

export function mountFormFrom(mount: MountView): MountFormValues {
  return {
    name: mount.name,
    storageType: mountStorageTypes.find((t) => t === mount.storage_type) ?? 's3',
    storageConfigId: mount.storage_config_id,
    mountPath: mount.mount_path,
    cacheTtl: String(mount.cache_ttl),
    sortOrder: String(mount.sort_order),
    remark: mount.remark ?? '',
    isActive: mount.is_active,
  };
}

export function mountPathError(path: string): MountFormErrorCode | undefined {
  if (!path) return 'pathRequired';
  if (path.length > MOUNT_PATH_MAX_LENGTH) return 'pathTooLong';
  if (!path.startsWith('/')) return 'pathStart';
  if (path === '/') return 'pathRoot';
  if (path.endsWith('/') || path.includes('//')) return 'pathSlashes';
  if (isReservedMountPath(path)) return 'pathReserved';
  // Every other rule is checked above, so what the shared schema still refuses is a character.
  return mountPathSchema.safeParse(path).success ? undefined : 'pathChars';
}

export function validateMountForm(values: MountFormValues): MountFormErrors {
  const errors: MountFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (name.length > MOUNT_NAME_MAX_LENGTH) errors.name = 'nameTooLong';
  const pathError = mountPathError(values.mountPath.trim());
  if (pathError) errors.mountPath = pathError;
  if (!values.storageConfigId) errors.storageConfigId = 'configRequired';
  const ttl = values.cacheTtl.trim();
  if (!/^\d+$/.test(ttl) || Number(ttl) > CACHE_TTL_MAX_SECONDS) errors.cacheTtl = 'ttlInvalid';
  const sort = values.sortOrder.trim();
  if (!INTEGER.test(sort) || Math.abs(Number(sort)) > SORT_LIMIT) errors.sortOrder = 'sortInvalid';
  return errors;
}

/** Call only with values that passed validateMountForm; edits send the same full body. */
export function toMountRequest(values: MountFormValues): CreateMountRequest {
  const remark = values.remark.trim();
  return {
    name: values.name.trim(),
    storage_type: values.storageType,
    storage_config_id: values.storageConfigId,
    mount_path: values.mountPath.trim(),
    remark: remark ? remark : null,
    is_active: values.isActive,
    sort_order: Number(values.sortOrder.trim()),
    cache_ttl: Number(values.cacheTtl.trim()),
  };
}
