// A fuzz pass against a running server: signs in as the admin, makes an API key with every
// permission and a read-only one, reads /api/openapi.json and the mounts, then sends `count`
// malformed requests (API and /dav, as every kind of caller) a few at a time over raw HTTP, checks
// /api/health as it goes, and reports every answer with status 500 and whether the server stayed up.
import { request as httpRequest } from 'node:http';
import { z } from 'zod';
import { apiRequest, apiTargets, davRequest, type FuzzRequest, type OpenApiDocument } from './fuzz-requests';
import { chance, pick, seeded, type Rng } from './hostile-values';

export type FuzzOptions = {
  baseUrl: string;
  admin: { username: string; password: string };
  count: number;
  seed: number;
  concurrency?: number;
  /** Share of requests sent to /dav; the rest go to the documented /api operations. */
  davShare?: number;
  /**
   * Sends each request from a random X-Forwarded-For address (for a server started with
   * TRUST_PROXY), so attempt limits, tested on their own elsewhere, do not turn the pass into 429s.
   */
  spreadAddresses?: boolean;
  onProgress?: (sent: number) => void;
};

export type FuzzFailure = { target: string; method: string; path: string; status: number | string; body: string };

export type FuzzReport = {
  sent: number;
  operations: number;
  byStatus: Record<string, number>;
  /** Answers with status 500, and requests the server never answered. */
  failures: FuzzFailure[];
  /** Requests Node's client refused to send (an invalid header value, say): not the server's doing. */
  unsendable: number;
  /**
   * Connections closed under a request the server refused early, as Node does after a 431 for
   * headers over its limit while the client still writes; the health check tells a crash apart.
   */
  resets: number;
  serverDown: boolean;
};

type Answer = { status: number; body: string };

function send(baseUrl: string, fuzz: FuzzRequest, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(baseUrl);
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: fuzz.method, path: fuzz.path, headers: fuzz.headers },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 2_000) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8', 0, 500) }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(fuzz.body);
  });
}

const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

async function json<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return schema.parse(await response.json());
}

type Callers = { api: Record<string, string>[]; dav: Record<string, string>[] };

async function prepare(baseUrl: string, admin: FuzzOptions['admin']): Promise<{ callers: Callers; mounts: string[] }> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token } = (await json(login, envelope(z.object({ token: z.string() })))).data;
  const bearer = { authorization: `Bearer ${token}` };
  const makeKey = async (body: Record<string, unknown>) => {
    const created = await fetch(`${baseUrl}/api/admin/api-keys`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await json(created, envelope(z.object({ key: z.string() })))).data.key;
  };
  const full = await makeKey({
    name: `fuzz full ${Date.now().toString(36)}`,
    text_permission: true,
    file_permission: true,
    mount_permission: true,
  });
  const readOnly = await makeKey({
    name: `fuzz read-only ${Date.now().toString(36)}`,
    file_permission: true,
    mount_permission: true,
    read_only: true,
  });
  const listed = await fetch(`${baseUrl}/api/admin/mounts`, { headers: bearer });
  const mounts = (await json(listed, envelope(z.array(z.object({ mount_path: z.string() }))))).data.map(
    (m) => m.mount_path,
  );
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  });
  const strangers: Record<string, string>[] = [
    {},
    { authorization: 'Bearer not-a-token' },
    { authorization: `ApiKey ${'k'.repeat(5_000)}` },
    { authorization: 'Basic !!!' },
    { authorization: 'ApiKey' },
  ];
  return {
    mounts: mounts.length > 0 ? mounts : ['/'],
    callers: {
      api: [bearer, { authorization: `ApiKey ${full}` }, { authorization: `ApiKey ${readOnly}` }, ...strangers],
      dav: [basic(admin.username, admin.password), basic(full, full), basic(readOnly, readOnly), bearer, ...strangers],
    },
  };
}

/** Sign-out and password routes would end the admin's own session mid-run; strangers still fuzz them. */
const endsSession = (template: string) => /\/(logout|change-password)$/.test(template);

/** Three in four requests carry working credentials (admin, full key, read-only key); the rest are strangers'. */
function caller(rng: Rng, kinds: Record<string, string>[]): Record<string, string> {
  return chance(rng, 0.75) ? pick(rng, kinds.slice(0, 3)) : pick(rng, kinds.slice(3));
}

function nextRequest(
  rng: Rng,
  options: FuzzOptions,
  callers: Callers,
  mounts: string[],
  targets: ReturnType<typeof apiTargets>,
): FuzzRequest {
  let fuzz: FuzzRequest;
  if (chance(rng, options.davShare ?? 0.3)) fuzz = davRequest(rng, options.baseUrl, mounts, caller(rng, callers.dav));
  else {
    const target = pick(rng, targets);
    fuzz = apiRequest(rng, target, endsSession(target.template) ? {} : caller(rng, callers.api));
  }
  if (options.spreadAddresses === true) {
    const octet = () => Math.floor(rng() * 254) + 1;
    fuzz.headers['x-forwarded-for'] = `10.${octet()}.${octet()}.${octet()}`;
  }
  return fuzz;
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    return (
      (await send(baseUrl, { method: 'GET', path: '/api/health', headers: {}, target: 'health' }, 15_000)).status ===
      200
    );
  } catch {
    return false;
  }
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { callers, mounts } = await prepare(options.baseUrl, options.admin);
  const document = (await (await fetch(`${options.baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
  const targets = apiTargets(document);
  const rng = seeded(options.seed);
  const report: FuzzReport = {
    sent: 0,
    operations: targets.length,
    byStatus: {},
    failures: [],
    unsendable: 0,
    resets: 0,
    serverDown: false,
  };
  let issued = 0;
  const worker = async () => {
    while (issued < options.count && !report.serverDown) {
      issued += 1;
      const fuzz = nextRequest(rng, options, callers, mounts, targets);
      let answer: Answer;
      try {
        answer = await send(options.baseUrl, fuzz, 60_000);
      } catch (error) {
        if (
          error instanceof TypeError ||
          (error instanceof Error && 'code' in error && error.code === 'ERR_INVALID_CHAR')
        ) {
          report.unsendable += 1;
          continue;
        }
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        if ((code === 'ECONNRESET' || code === 'EPIPE') && (await healthy(options.baseUrl))) {
          report.resets += 1;
          report.sent += 1;
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        report.failures.push({
          target: fuzz.target,
          method: fuzz.method,
          path: fuzz.path.slice(0, 300),
          status: 'no answer',
          body: message,
        });
        report.sent += 1;
        if (!(await healthy(options.baseUrl))) report.serverDown = true;
        continue;
      }
      report.sent += 1;
      report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
      if (answer.status === 500) {
        report.failures.push({
          target: fuzz.target,
          method: fuzz.method,
          path: fuzz.path.slice(0, 300),
          status: 500,
          body: answer.body.slice(0, 300),
        });
      }
      if (report.sent % 250 === 0) {
        options.onProgress?.(report.sent);
        if (!(await healthy(options.baseUrl))) report.serverDown = true;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));
  if (!(await healthy(options.baseUrl))) report.serverDown = true;
  return report;
}
