// What other domains read and clear of the explorer's mount uploads: a file request's upload runs
// as one, and its sweeper aborts the storage upload and frees the reservation when it is abandoned.
import type { Repositories } from '@server/db/repositories';
import type { FsUploadRow } from './fs.types';

export class FsUploadRecordsService {
  constructor(private readonly repos: Pick<Repositories, 'fsUploads'>) {}

  find(id: string): Promise<FsUploadRow | undefined> {
    return this.repos.fsUploads.findById(id);
  }

  /** Frees the upload's reservation; false when it was already gone. */
  remove(id: string): Promise<boolean> {
    return this.repos.fsUploads.delete(id);
  }
}
