// The admin "test" button and the CORS fix for a storage config. Each probe (read, write, CORS
// preflight, a browser-style presigned PUT) is timed and reported on its own, never thrown.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ApplyCorsResponse, StorageProbe, StorageTestResult } from '@shared/api/storage-config.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { storagePolicy } from '@server/lib/net/address-guard';
import { guardedRequest, headerValue } from '@server/lib/net/guarded-request';
import type { StorageRegistry } from '@server/storage/storage-registry';
import type { CheckResult, StorageDriver } from '@server/storage/storage-driver';
import type { AdminAuth } from '@server/modules/auth/auth.types';
import type { StorageConfigService } from './storage-config.service';

/** Lets the test's own probe PUT through the local blob endpoint while it runs (the uploads domain keeps the gate). */
export type ProbeGate = { withProbe<T>(configId: string, key: string, run: () => Promise<T>): Promise<T> };

export class StorageConfigTestService {
  constructor(
    private readonly configs: StorageConfigService,
    private readonly storage: StorageRegistry,
    private readonly gate: ProbeGate,
  ) {}

  /** `origin` is the browser's Origin header (for CORS); `selfOrigin`, this server's listening address, resolves local blob URLs. */
  async test(admin: AdminAuth, id: string, origin: string | undefined, selfOrigin: string): Promise<StorageTestResult> {
    const config = await this.configs.usable(admin, id);
    const driver = await this.storage.driverFor(config);
    const folder = config.default_folder === '' ? '' : `${config.default_folder.replace(/\/+$/, '')}/`;
    const probeKey = (kind: string) => `${folder}__clipdock-test-${kind}-${randomBytes(4).toString('hex')}.txt`;

    const read = await this.#probe(async () => {
      const page = await driver.list(folder, { limit: 10 });
      return {
        ok: true,
        outcome: 'listed',
        params: { count: page.objects.length },
        message: `listed ${page.objects.length} object(s)`,
      };
    });
    const write = await this.#probe(async () => {
      const key = probeKey('write');
      await driver.putObject(key, Readable.from([Buffer.from('clipdock write test')]), 'text/plain');
      await driver.deleteMany([key]);
      return { ok: true, outcome: 'wrote', message: 'wrote and deleted a test object' };
    });
    const cors = await this.#probe(async () => {
      if (origin === undefined)
        return {
          ok: false,
          outcome: 'cors-not-checked',
          message: 'no Origin header in the request, so CORS was not checked',
        };
      return driver.checkCors(origin);
    });
    const presignedKey = probeKey('presigned');
    const presigned = await this.#probe(() =>
      this.gate.withProbe(config.id, presignedKey, () =>
        this.#presignedUpload(driver, presignedKey, origin, selfOrigin),
      ),
    );
    return { success: read.ok && write.ok && cors.ok && presigned.ok, results: { read, write, cors, presigned } };
  }

  async applyCors(admin: AdminAuth, id: string, origin: string): Promise<ApplyCorsResponse> {
    const config = await this.configs.usable(admin, id);
    if (config.driver !== 's3') return { origin, applied: false };
    const driver = await this.storage.driverFor(config);
    try {
      await driver.applyCors(origin);
    } catch (error) {
      throw new AppError(
        ErrorCode.BadRequest,
        `the bucket refused the CORS rule: ${error instanceof Error ? error.name : 'error'}`,
      );
    }
    return { origin, applied: true };
  }

  async #presignedUpload(
    driver: StorageDriver,
    key: string,
    origin: string | undefined,
    selfOrigin: string,
  ): Promise<CheckResult> {
    const body = `clipdock presigned test ${key}`;
    const url = new URL(
      await driver.presignPut(key, {
        expiresIn: 300,
        contentType: 'text/plain',
        contentLength: Buffer.byteLength(body),
      }),
      selfOrigin,
    );
    const headers: Record<string, string> = { 'content-type': 'text/plain' };
    if (origin !== undefined) headers.origin = origin;
    // A storage endpoint that redirects is reported, never followed.
    const response = await guardedRequest(url, { method: 'PUT', headers, body, timeoutMs: 15_000 }, storagePolicy);
    try {
      if (response.status < 200 || response.status >= 300)
        return {
          ok: false,
          outcome: 'presigned-http',
          params: { status: response.status },
          message: `presigned PUT answered HTTP ${response.status}`,
        };
      const head = await driver.head(key);
      if (head?.size !== Buffer.byteLength(body))
        return { ok: false, outcome: 'presigned-missing', message: 'the uploaded object was not found afterwards' };
      if (
        origin !== undefined &&
        headerValue(response.headers, 'access-control-expose-headers')?.toLowerCase().includes('etag') === false
      ) {
        return {
          ok: false,
          outcome: 'presigned-no-etag',
          message: 'upload worked but the ETag header is not exposed to browsers',
        };
      }
      return { ok: true, outcome: 'presigned-ok', message: 'uploaded through a presigned URL and verified' };
    } finally {
      await driver.deleteMany([key]);
    }
  }

  async #probe(run: () => Promise<CheckResult>): Promise<StorageProbe> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const { ok, outcome, params = {}, message } = await run();
      return { ok, outcome, params, message, ms: ms() };
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error';
      const detail =
        error instanceof Error && error.name !== error.message ? `${name}: ${error.message.slice(0, 200)}` : name;
      return { ok: false, outcome: 'failed', params: { error: detail }, message: `failed: ${detail}`, ms: ms() };
    }
  }
}
