// Which files get thumbnails: images that both the server's decoder (libvips) and browsers read.
// SVG never: it is active content, served only as an attachment or text.
const imageExtensions = new Set(['jpg', 'jpeg', 'jfif', 'png', 'webp', 'gif', 'avif', 'tif', 'tiff']);

export function isThumbnailableName(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && imageExtensions.has(base.slice(dot + 1).toLowerCase());
}

/** Videos the browser may decode a frame of, at upload: their thumbnails come only from there. */
const videoExtensions = new Set(['mp4', 'm4v', 'mov', 'webm', 'ogv', 'mkv']);

export function isVideoName(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && videoExtensions.has(base.slice(dot + 1).toLowerCase());
}

/** Whether a file can have thumbnails at all: an image (server or browser), or a video (browser). */
export function hasThumbnailsName(name: string): boolean {
  return isThumbnailableName(name) || isVideoName(name);
}
