// The multipart uploads a run left unfinished, so running the same command on the same file
// sends only the parts storage does not hold yet. One owner-only file per upload under
// `uploads/` of the config folder, named by a hash of server, path, size and modification time:
// a file changed since is a new upload. Entries older than the server's pending limit are gone.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import { configDir, readPrivateFile, removePrivateFile, writePrivateFile } from './private-files';

export const resumeEntrySchema = z.object({
  fileId: z.string(),
  uploadId: z.string(),
  partSize: z.number(),
  /** The link name init was asked for; another one is another upload. */
  slug: z.nullable(z.string()),
  startedAt: z.string(),
  /** Set once storage assembled the parts: only the commit is left. */
  completedEtag: z.optional(z.string()),
});
export type ResumeEntry = z.infer<typeof resumeEntrySchema>;

export type LocalFile = { path: string; size: number; modifiedMs: number };

export type ResumeStore = {
  find(): Promise<ResumeEntry | undefined>;
  save(entry: ResumeEntry): Promise<void>;
  forget(): Promise<void>;
};

function uploadsDir(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'uploads');
}

export function resumeStoreFor(env: NodeJS.ProcessEnv, server: string, file: LocalFile): ResumeStore {
  const id = createHash('sha256')
    .update(JSON.stringify([server, file.path, file.size, file.modifiedMs]))
    .digest('hex')
    .slice(0, 32);
  const path = join(uploadsDir(env), `${id}.json`);
  return {
    async find() {
      const text = await readPrivateFile(path);
      if (text === undefined) return undefined;
      try {
        const entry = z.parse(resumeEntrySchema, JSON.parse(text));
        if (Date.now() - Date.parse(entry.startedAt) < PENDING_UPLOAD_TTL_MS) return entry;
      } catch {
        // Not an entry of ours: forgotten below.
      }
      await removePrivateFile(path);
      return undefined;
    },
    save: (entry) => writePrivateFile(path, `${JSON.stringify(entry)}\n`),
    forget: () => removePrivateFile(path),
  };
}

/** Removes entries past the server's pending limit, whose uploads its sweeper has removed. */
export async function pruneResumeEntries(env: NodeJS.ProcessEnv): Promise<void> {
  const dir = uploadsDir(env);
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info !== undefined && Date.now() - info.mtimeMs >= PENDING_UPLOAD_TTL_MS) await removePrivateFile(path);
    }),
  );
}
