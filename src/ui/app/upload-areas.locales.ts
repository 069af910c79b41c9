// The strings of the upload screen, whose upload list and error messages the explorer shows too,
// as one locale bundle.
import { uploadResources } from '@ui/features/upload/upload.locales';
import { both } from './locale-shape';

export const uploadAreaResources = both(uploadResources);
