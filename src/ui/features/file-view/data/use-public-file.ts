// The server calls of a share's page. They go without the visitor's credentials: a share link
// works the same for everyone, and a stale session must not end because someone opened one.
import { useCallback, useRef, useState } from 'react';
import * as z from 'zod/mini';
import {
  downloadFile,
  filePreview,
  getPublicFile,
  officePreview,
  verifyFilePassword,
  viewFile,
} from '@shared/api/file.endpoints';
import type {
  FilePreview,
  OfficePreview,
  OfficeProvider,
  PublicFileAnswer,
  VerifiedFile,
} from '@shared/api/file-share.schema';
import { filePreviewSchema, publicFileAnswerSchema } from '@shared/api/file-share.schema';
import { isApiError } from '@shared/api-error';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useResource, type Resource } from '@ui/lib/use-resource';
import { keepOffThread } from '@ui/lib/keep-off-thread';
import { takeServerPreview, takeServerShare } from '@ui/domain/shares/server-share';
import { findFileCopy, keepFileCopy } from '@ui/features/file-view/lib/offline-file-copies';

/** `offlineCopy`: when the details were saved on this device, for a copy shown without a connection. */
export type ShownPublicFile = PublicFileAnswer & { offlineCopy?: number };

/**
 * Details only; counts no view. Opened online, they are kept on this device; without a connection
 * the kept copy is shown instead, and without one the network error stands.
 */
export function usePublicFile(slug: string): Resource<ShownPublicFile> {
  const api = useApiClient();
  // A page the server rendered starts from the details it was rendered from, and asks no more.
  const [adopted] = useState(() => {
    const parsed = z.safeParse(publicFileAnswerSchema, takeServerShare('file', slug));
    return parsed.success ? parsed.data : undefined;
  });
  const unused = useRef(adopted);
  return useResource(
    useCallback(
      async (signal: AbortSignal): Promise<ShownPublicFile> => {
        try {
          const held = unused.current;
          unused.current = undefined;
          const file = held ?? (await api.call(getPublicFile, { params: { slug }, credentials: 'none', signal }));
          // The copy is kept at once, in a worker: the local database is no part of showing the page.
          keepOffThread(
            () =>
              new Worker(new URL('../lib/file-copy.worker.ts', import.meta.url), { type: 'module', name: 'file-copy' }),
            file,
            () => void keepFileCopy(file).catch(() => undefined),
          );
          return file;
        } catch (error) {
          if (!isApiError(error) || (error.kind !== 'network' && error.kind !== 'timeout')) throw error;
          const copy = await findFileCopy(slug).catch(() => null);
          if (copy === null) throw error;
          return { ...copy.file, offlineCopy: copy.savedAt };
        }
      },
      [api, slug],
    ),
    adopted,
  );
}

/** The password travels only in this body; the answer carries a short-lived access token instead. */
export function useFilePasswordCheck(slug: string): (password: string) => Promise<VerifiedFile> {
  const api = useApiClient();
  return useCallback(
    (password: string) => api.call(verifyFilePassword, { params: { slug }, body: { password }, credentials: 'none' }),
    [api, slug],
  );
}

export type FileLinks = { view: string; download: string };

/**
 * The view and download links of a share, carrying its access token so every delivery of one
 * visit shares a single view (spec: a view counts when bytes are delivered). None without a token.
 */
export function useFileLinks(): (slug: string, token: string | undefined) => FileLinks | null {
  const api = useApiClient();
  return useCallback(
    (slug: string, token: string | undefined) =>
      token === undefined
        ? null
        : {
            view: api.url(viewFile, { params: { slug }, query: { token } }),
            download: api.url(downloadFile, { params: { slug }, query: { token } }),
          },
    [api],
  );
}

/** A short-lived outside viewer link; it costs a view like a delivery (once per access token). */
export function useOfficePreview(
  slug: string,
  provider: OfficeProvider,
  token: string | undefined,
): Resource<OfficePreview> {
  const api = useApiClient();
  return useResource(
    useCallback(
      (signal: AbortSignal) =>
        api.call(officePreview, { params: { slug }, query: { provider, token }, credentials: 'none', signal }),
      [api, slug, provider, token],
    ),
  );
}

/**
 * A text, code or Markdown share's beginning as HTML the server rendered and sanitised, so the
 * page loads no Markdown or highlighting code; it costs a view like a delivery (once per token).
 */
export function useFilePreview(slug: string, token: string): Resource<FilePreview> {
  const api = useApiClient();
  // A page the server rendered came with the preview, read with this visit's token.
  const [adopted] = useState(() => {
    const parsed = z.safeParse(filePreviewSchema, takeServerPreview(slug));
    return parsed.success ? parsed.data : undefined;
  });
  const unused = useRef(adopted);
  return useResource(
    useCallback(
      async (signal: AbortSignal) => {
        const held = unused.current;
        unused.current = undefined;
        return (
          held ?? (await api.call(filePreview, { params: { slug }, query: { token }, credentials: 'none', signal }))
        );
      },
      [api, slug, token],
    ),
    adopted,
  );
}
