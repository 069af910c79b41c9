// Tells whoever shows the count of new arrivals (the admin navigation's badge) that it changed:
// the file-request module clears a request's count when its uploads are opened.
const listeners = new Set<() => void>();

export function onArrivalsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function arrivalsChanged(): void {
  for (const listener of listeners) listener();
}
