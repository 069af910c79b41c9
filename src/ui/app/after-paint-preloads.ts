// A page may list code it does not need for its first paint in a <template data-after-paint-preloads>
// (a template's links fetch nothing); the entry moves them into the head once the first frame is on
// screen. The server no longer does this for its rendered share pages: measured, it delayed the
// app's take-over by about 0.8 s and painted no sooner in Chromium (bench/RESULTS.md). The bench
// that measures it (bench/lighthouse/preload-placement.ts) serves such a page to compare again.
export function adoptAfterPaintPreloads(doc: Document): void {
  for (const template of doc.querySelectorAll<HTMLTemplateElement>('template[data-after-paint-preloads]')) {
    doc.head.append(template.content);
    template.remove();
  }
}
