// The strings of the shared-file page and of the file previews (which the explorer shows too),
// gathered as one locale bundle.
import { fileViewResources } from '@ui/features/file-view/file-view.locales';
import { previewResources } from '@ui/components/preview/preview.locales';
import { both } from './locale-shape';

const fileView = both(fileViewResources);
const preview = both(previewResources);

export const fileAreaResources = {
  en: { ...fileView.en, ...preview.en },
  zh: { ...fileView.zh, ...preview.zh },
};
