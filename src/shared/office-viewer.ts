// The two outside Office viewers: the viewer link is built from a
// direct link to the file, by the server for shares and by the explorer for mount files.
import type { OfficeProvider } from './api/file-share.schema';

const viewers: Record<OfficeProvider, (url: string) => string> = {
  microsoft: (url) => `https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(url)}`,
  google: (url) => `https://docs.google.com/viewer?url=${encodeURIComponent(url)}&embedded=true`,
};

/** The viewer page that shows the file at `directUrl` (an absolute link the viewer can fetch). */
export function officeViewerUrl(provider: OfficeProvider, directUrl: string): string {
  return viewers[provider](directUrl);
}
