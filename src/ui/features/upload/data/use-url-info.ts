// Asks the server to describe a URL (name, size, type, whether the browser may fetch it) before
// a URL upload; only the latest check counts, and leaving the page drops an answer in flight.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorInit } from '@shared/api-error';
import { urlInfo } from '@shared/api/url-upload.endpoints';
import type { UrlInfo } from '@shared/api/url-upload.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { toErrorInit } from '@ui/lib/to-error-init';

export type UrlInfoState =
  | { status: 'idle' }
  | { status: 'checking'; url: string }
  | { status: 'ready'; url: string; info: UrlInfo }
  | { status: 'failed'; url: string; error: ApiErrorInit };

export function useUrlInfo() {
  const api = useApiClient();
  const [state, setState] = useState<UrlInfoState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const check = useCallback(
    (url: string) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState({ status: 'checking', url });
      api.call(urlInfo, { body: { url }, signal: controller.signal }).then(
        (info) => !controller.signal.aborted && setState({ status: 'ready', url, info }),
        (error: unknown) =>
          !controller.signal.aborted && setState({ status: 'failed', url, error: toErrorInit(error) }),
      );
    },
    [api],
  );

  const reset = useCallback(() => {
    current.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, check, reset };
}
