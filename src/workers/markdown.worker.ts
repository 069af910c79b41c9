// The page's Markdown worker: renders off the main thread, so a paste the renderer cannot finish
// never freezes the page; the page stops it when a job runs over its budget (markdown-client.ts).
import type { MarkdownReply, MarkdownRequest } from './markdown-protocol';
import { renderRequest } from './markdown-render';

const post = (reply: MarkdownReply) => self.postMessage(reply);

self.onmessage = (event: MessageEvent<MarkdownRequest>) => {
  void renderRequest(event.data, (id) => post({ started: id })).then(post);
};
post({ ready: true });
