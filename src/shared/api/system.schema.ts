import * as z from 'zod/mini';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  timestamp: z.string(),
});

export const versionSchema = z.object({
  version: z.string(),
  name: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  nodeVersion: z.string(),
  uptime: z.number(),
});
export type VersionInfo = z.infer<typeof versionSchema>;
