// The answer for callers that can only use a bare link (curl in a script, ShareX, Flameshot, iOS
// Shortcuts): `Accept: text/plain` without JSON turns a create call's envelope into the link alone.
export function wantsPlainText(accept: string | undefined): boolean {
  return accept?.includes('text/plain') === true && !accept.includes('json');
}

/** 201 with the link and a newline, never cached. */
export function plainCreated(link: string): Response {
  return new Response(`${link}\n`, {
    status: 201,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}
