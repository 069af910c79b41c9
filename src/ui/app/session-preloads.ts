// A route page whose screen only a signed-in visitor gets past its sign-in notice (the explorer)
// lists that screen's modules in a <template data-session-preloads> of its HTML (routePages in
// scripts/first-load-plugins.ts): a template's links fetch nothing. With a session stored, the
// entry moves them into the head at once, so they download beside the app's start; without one,
// the notice's own code is not kept waiting behind code the visitor cannot run yet.
import { hasStoredCredential } from '@machines/auth-storage-keys';

export function adoptSessionPreloads(doc: Document, storage: Pick<Storage, 'getItem'>): void {
  const template = doc.querySelector<HTMLTemplateElement>('template[data-session-preloads]');
  if (template === null || !hasStoredCredential(storage)) return;
  doc.head.append(template.content);
  template.remove();
}
