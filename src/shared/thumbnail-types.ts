// Which files get thumbnails: images that both the server's decoder (libvips) and browsers read.
// SVG never: it is active content, served only as an attachment or text.
const imageExtensions = new Set(['jpg', 'jpeg', 'jfif', 'png', 'webp', 'gif', 'avif', 'tif', 'tiff']);

export function isThumbnailableName(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && imageExtensions.has(base.slice(dot + 1).toLowerCase());
}
