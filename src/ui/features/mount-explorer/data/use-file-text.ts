// A text file's whole content for the editor (at most 10 MB), read through the file's
// inline link from `get`; a file that turns out larger is refused rather than cut.
import { useEffect, useState } from 'react';
import { FS_EDIT_MAX_BYTES } from '@shared/api/fs.schema';
import { toErrorInit } from '@ui/lib/to-error-init';
import type { ApiErrorInit } from '@shared/api-error';
import type { FsCalls } from './use-fs-calls';

export type FileTextState =
  | { status: 'loading' }
  | { status: 'too-large' }
  | { status: 'failed'; error: ApiErrorInit | null }
  | { status: 'ready'; text: string };

export function useFileText(calls: FsCalls, path: string): FileTextState {
  const [state, setState] = useState<FileTextState>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setState({ status: 'loading' });
    const load = async (): Promise<FileTextState> => {
      const detail = await calls.get(path, abort.signal);
      if ((detail.size ?? 0) > FS_EDIT_MAX_BYTES) return { status: 'too-large' };
      if (detail.preview_url === null) return { status: 'failed', error: null };
      const response = await fetch(detail.preview_url, { signal: abort.signal, cache: 'no-store' });
      if (!response.ok) return { status: 'failed', error: null };
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength > FS_EDIT_MAX_BYTES) return { status: 'too-large' };
      return { status: 'ready', text: new TextDecoder().decode(bytes) };
    };
    load().then(
      (next) => {
        if (!abort.signal.aborted) setState(next);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'failed', error: toErrorInit(error) });
      },
    );
    return () => abort.abort();
  }, [calls, path]);
  return state;
}
