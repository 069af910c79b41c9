// Recognises a route chunk that could not be downloaded (offline, or a deploy removed it).
// Browsers word this differently, so the known messages are matched, plus any failure offline.
const chunkFailureMessages = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk \S+ failed/i,
];

export function isChunkLoadError(error: unknown, online: boolean): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  if (chunkFailureMessages.some((pattern) => pattern.test(error.message))) return true;
  return !online && error instanceof TypeError;
}
