import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorScreen } from '@ui/components/error-screen';
import { OfflineFallback } from '@ui/components/offline-fallback';
import { isChunkLoadError } from '@ui/lib/is-chunk-load-error';

/** The router's default error component: the offline fallback for failed chunk loads, else a generic screen. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isChunkLoadError(error, navigator.onLine)) return <OfflineFallback />;
  return (
    <ErrorScreen
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
