// What crosses between the page and the Markdown worker (markdown.worker.ts, markdown-client.ts).
import * as z from 'zod/mini';

export type MarkdownJob =
  | { kind: 'markdown'; source: string; highlight: boolean }
  | { kind: 'file-text'; text: string; filename: string };

export type MarkdownRequest = MarkdownJob & { id: number };

/** From the worker: loaded, a job started (its budget starts), a job done, or a job the renderer threw on. */
export const markdownReplySchema = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ started: z.number() }),
  z.object({ id: z.number(), html: z.string() }),
  z.object({ id: z.number(), failed: z.string() }),
]);
export type MarkdownReply = z.infer<typeof markdownReplySchema>;
