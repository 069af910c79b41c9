import { useState } from 'react';
import type { OfficeProvider } from '@shared/api/file-share.schema';
import { OfficePreview } from '@ui/components/preview/office-preview';
import type { ResourceState } from '@ui/lib/use-resource';
import { useOfficePreview } from './data/use-public-file';

type ShareOfficePreviewProps = { slug: string; filename: string; token: string | undefined };

/** A share's Office file: the server hands out the viewer link, which costs a view like a delivery. */
export function ShareOfficePreview({ slug, filename, token }: ShareOfficePreviewProps) {
  const [provider, setProvider] = useState<OfficeProvider>('microsoft');
  const preview = useOfficePreview(slug, provider, token);
  const viewer: ResourceState<string> =
    preview.state.status === 'ready' ? { status: 'ready', data: preview.state.data.url } : preview.state;
  return (
    <OfficePreview
      filename={filename}
      provider={provider}
      onProviderChange={setProvider}
      viewer={viewer}
      onRetry={preview.reload}
    />
  );
}
