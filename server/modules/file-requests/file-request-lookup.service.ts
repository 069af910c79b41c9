// What other domains read of a file request: the request behind a slug and one upload through it
// (the thumbnails the transfer worker sends for a request upload it just committed).
import type { Repositories } from '@server/db/repositories';
import type { FileRequestRow, FileRequestUploadRow } from './file-request.repo';

export class FileRequestLookupService {
  constructor(private readonly repos: Pick<Repositories, 'fileRequests'>) {}

  bySlug(slug: string): Promise<FileRequestRow | undefined> {
    return this.repos.fileRequests.findBySlug(slug);
  }

  upload(requestId: string, uploadId: string): Promise<FileRequestUploadRow | undefined> {
    return this.repos.fileRequests.findUpload(requestId, uploadId);
  }
}
