// Decides whether the local blob endpoint still accepts a whole-object PUT: only while a file
// share for that key is pending, or while the storage test's own probe is running.
import type { ShareRecordsService } from '@server/modules/files/share-records.service';
import type { PutGate } from './local-blob-endpoint';

export class UploadGate implements PutGate {
  readonly #probes = new Set<string>();

  constructor(private readonly shares: Pick<ShareRecordsService, 'hasPending'>) {}

  async allows(configId: string, key: string): Promise<boolean> {
    return this.#probes.has(probeId(configId, key)) || this.shares.hasPending(configId, key);
  }

  /** Lets `run` PUT to (config, key) through a presigned link without a file row. */
  async withProbe<T>(configId: string, key: string, run: () => Promise<T>): Promise<T> {
    const id = probeId(configId, key);
    this.#probes.add(id);
    try {
      return await run();
    } finally {
      this.#probes.delete(id);
    }
  }
}

const probeId = (configId: string, key: string) => JSON.stringify([configId, key]);
