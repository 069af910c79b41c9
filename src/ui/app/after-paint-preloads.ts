// A share page the server rendered paints its content from its HTML and stylesheets alone, so it
// lists the app's code, which only takes the page over, in a <template data-after-paint-preloads>
// (server/middleware/static-site.middleware.ts): a template's links fetch nothing. The entry moves
// them into the head once the first frame is on screen, where they download beside the app's start.
export function adoptAfterPaintPreloads(doc: Document): void {
  for (const template of doc.querySelectorAll<HTMLTemplateElement>('template[data-after-paint-preloads]')) {
    doc.head.append(template.content);
    template.remove();
  }
}
