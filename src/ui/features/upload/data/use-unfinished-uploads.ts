// The unfinished uploads this browser remembers (uploads that resume), and discarding
// one: the server's multipart upload is aborted (best effort; its sweeper removes what is missed).
import { useCallback, useEffect, useState } from 'react';
import { abortMultipartUpload } from '@shared/api/upload.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { forgetUnfinished, watchUnfinished, type UnfinishedUpload } from '@ui/features/upload/unfinished-uploads-store';

export function useUnfinishedUploads(): { list: UnfinishedUpload[]; discard: (entry: UnfinishedUpload) => void } {
  const api = useApiClient();
  const [list, setList] = useState<UnfinishedUpload[]>([]);
  useEffect(() => watchUnfinished(setList), []);
  const discard = useCallback(
    (entry: UnfinishedUpload) => {
      void forgetUnfinished(entry.fileId);
      api
        .call(abortMultipartUpload, { body: { file_id: entry.fileId, upload_id: entry.uploadId } })
        .catch(() => undefined);
    },
    [api],
  );
  return { list, discard };
}
