// A share's link as the app hands it out (`https://host/paste/<slug>`, `https://host/file/<slug>`):
// which server it lives on, what kind of share it is and its slug, and the key of an end-to-end
// encrypted one, which travels in the fragment (`#k=…`, docs/encryption.md).
import { secretFromFragment } from '@shared/e2ee/keys';
import { CliError, ExitCode } from '@cli/output/exit-codes';

export const shareKinds = ['paste', 'file'] as const;
export type ShareKind = (typeof shareKinds)[number];
export type ShareLink = { server: string; kind: ShareKind; slug: string; secret: Uint8Array<ArrayBuffer> | null };

function isShareKind(segment: string | undefined): segment is ShareKind {
  return shareKinds.some((kind) => kind === segment);
}

export function parseShareLink(text: string): ShareLink {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new CliError(
      ExitCode.usage,
      `not a link: ${text} (expected https://…/paste/<slug> or https://…/file/<slug>)`,
    );
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const at = segments.length - 2;
  const kind = segments[at];
  const slug = segments[at + 1];
  if ((url.protocol === 'http:' || url.protocol === 'https:') && isShareKind(kind) && slug !== undefined) {
    const prefix = segments.slice(0, at).join('/');
    return {
      server: `${url.origin}${prefix === '' ? '' : `/${prefix}`}`,
      kind,
      slug: decodeURIComponent(slug),
      secret: secretFromFragment(url.hash),
    };
  }
  throw new CliError(
    ExitCode.usage,
    `not a share link: ${text} (expected https://…/paste/<slug> or https://…/file/<slug>)`,
  );
}
