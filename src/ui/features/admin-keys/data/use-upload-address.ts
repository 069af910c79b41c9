// The absolute address of this server's one-request upload (POST /api/upload), for the profiles
// of tools that run elsewhere: from the API client, so a configured backend address is honoured.
import { useMemo } from 'react';
import { formUpload } from '@shared/api/upload.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';

export function useUploadAddress(): string {
  const api = useApiClient();
  return useMemo(() => new URL(api.url(formUpload, {}), window.location.href).toString(), [api]);
}
