// For the request mode of the upload benchmark: a mount on the bench bucket (the server's default
// storage) and a file request on a folder of it, made through the server's own API as an owner would.
import { z } from 'zod';
import type { BenchServer } from './server';

const envelope = z.object({ data: z.unknown() });

async function call<T extends z.ZodType>(
  server: BenchServer,
  method: string,
  path: string,
  schema: T,
  body?: unknown,
): Promise<z.output<T>> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return schema.parse(envelope.parse(JSON.parse(text)).data);
}

/** Mounts the bucket at /s3 and makes the folder `/s3/requests`; returns the folder. */
export async function mountBucket(server: BenchServer, bucket: string): Promise<string> {
  const configs = await call(
    server,
    'GET',
    '/s3-configs',
    z.array(z.object({ id: z.string(), bucket_name: z.string().nullish() })),
  );
  const config = configs.find((c) => c.bucket_name === bucket);
  if (config === undefined) throw new Error(`no storage config for ${bucket}`);
  await call(server, 'POST', '/admin/mounts', z.unknown(), {
    name: 'Bench bucket',
    storage_type: 's3',
    storage_config_id: config.id,
    mount_path: '/s3',
  });
  await call(server, 'POST', '/admin/fs/mkdir', z.unknown(), { path: '/s3/requests' });
  return '/s3/requests';
}

/** An open request on `folder` with no limits beyond the server's; returns its slug. */
export async function newRequest(server: BenchServer, folder: string, title: string): Promise<string> {
  return (await call(server, 'POST', '/file-requests', z.object({ slug: z.string() }), { path: folder, title })).slug;
}
