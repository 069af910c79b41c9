// Storage names and kinds as the reader's language says them. The storage the server creates at
// first start carries an English name in the database; it is shown translated while it keeps that name.
import type { TFunction } from 'i18next';
import { providerTypes, storageDrivers } from '@shared/api/storage-config.schema';

const DEFAULT_LOCAL_NAME = 'Local storage';

export function storageName(t: TFunction, name: string): string {
  return name === DEFAULT_LOCAL_NAME ? t('storageNames.localDefault') : name;
}

export function providerLabel(t: TFunction, type: string): string {
  const known = providerTypes.find((item) => item === type);
  return known === undefined ? type : t(`storage.providers.${known}`);
}

export function driverLabel(t: TFunction, driver: string): string {
  const known = storageDrivers.find((item) => item === driver);
  return known === undefined ? driver : t(`storage.drivers.${known}`);
}
