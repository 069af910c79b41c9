// A video's thumbnails, made in the page (a worker has no <video>): the file is opened in a muted
// <video> element only when the browser says it can play its type, a frame near the start is
// taken (a tenth of the way in, at most one second) with createImageBitmap, and drawn into the two
// WebP sizes like an image's. Anything that goes wrong (an unplayable or corrupt file, no frame in
// time) gives null, and the video keeps its type icon.
import { isVideoName } from '@shared/thumbnail-types';
import { browserImageTools, drawThumbnails, type ThumbnailBlobs } from './image-thumbnails';

/** The longest wait for the first frame: the upload starts only once it is taken or given up. */
export const VIDEO_POSTER_TIMEOUT_MS = 4_000;

/** Types by extension, for files the browser gave no type (dragged in from some file managers). */
const typeByExtension: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mkv: 'video/x-matroska',
};

export function canPlayVideo(file: Blob, name: string): boolean {
  if (typeof document === 'undefined' || !isVideoName(name)) return false;
  const type = file.type || typeByExtension[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] || '';
  return type !== '' && document.createElement('video').canPlayType(type) !== '';
}

function once(video: HTMLVideoElement, event: 'loadeddata' | 'seeked', signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener(event, done);
      video.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => reject(new Error('the video could not be decoded'));
    video.addEventListener(event, done);
    video.addEventListener('error', failed, { once: true });
    signal.addEventListener('abort', () => reject(new Error('no frame in time')), { once: true });
  });
}

export async function videoPoster(
  file: Blob,
  name: string,
  timeoutMs = VIDEO_POSTER_TIMEOUT_MS,
): Promise<ThumbnailBlobs | null> {
  const tools = browserImageTools();
  if (tools === undefined || !canPlayVideo(file, name)) return null;
  const video = document.createElement('video');
  const url = URL.createObjectURL(file);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    const loaded = once(video, 'loadeddata', signal);
    video.src = url;
    await loaded;
    const at = Number.isFinite(video.duration) ? Math.min(1, video.duration / 10) : 0;
    if (at > 0) {
      const seeked = once(video, 'seeked', signal);
      video.currentTime = at;
      await seeked;
    }
    if (video.videoWidth < 1 || video.videoHeight < 1) return null;
    return await drawThumbnails(() => createImageBitmap(video), tools);
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
