// The strings of the upload screen, the shared-file page and the storage and file management
// modules, gathered as one locale bundle. Each Chinese catalogue must match its English shape.
import { adminFilesResources } from '../features/admin-files/admin-files.locales';
import { storageResources } from '../features/admin-storage/storage.locales';
import { fileViewResources } from '../features/file-view/file-view.locales';
import { uploadResources } from '../features/upload/upload.locales';
import { previewResources } from '../components/preview/preview.locales';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

function both<E, Z extends Shape<E>>(resources: { en: E; zh: Z }) {
  return resources;
}

const upload = both(uploadResources);
const fileView = both(fileViewResources);
const storage = both(storageResources);
const adminFiles = both(adminFilesResources);
const preview = both(previewResources);

export const fileAreaResources = {
  en: { ...upload.en, ...fileView.en, ...preview.en, ...storage.en, ...adminFiles.en },
  zh: { ...upload.zh, ...fileView.zh, ...preview.zh, ...storage.zh, ...adminFiles.zh },
};
