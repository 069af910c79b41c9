// Code only a signed-in visitor needs at once is listed in a <template data-session-preloads> of
// the page (scripts/first-load-plugins.ts): a template's links fetch nothing. index.html lists the
// app's services there (the home page paints without them for a visitor with no session), and a
// route page whose screen only a signed-in visitor gets past its sign-in notice (the explorer)
// adds that screen's modules in one more. With a session stored, the entry moves them into the
// head at once, so they download beside the app's start; without one, the first paint's code is
// not kept waiting behind code the visitor cannot run yet.
import { hasStoredCredential } from '@machines/auth-storage-keys';

export function adoptSessionPreloads(doc: Document, storage: Pick<Storage, 'getItem'>): void {
  if (!hasStoredCredential(storage)) return;
  for (const template of doc.querySelectorAll<HTMLTemplateElement>('template[data-session-preloads]')) {
    doc.head.append(template.content);
    template.remove();
  }
}
