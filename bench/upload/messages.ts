// What the benchmark runner and the engine process say to each other over the IPC channel:
// the job (argv), "ready" once loaded, "start", then the timed result ("done") or "failed".
import { z } from 'zod';

export const engineJobSchema = z.object({
  baseUrl: z.string(),
  token: z.string(),
  path: z.string(),
  concurrency: z.number().int().positive().optional(),
  partSize: z.number().int().positive().optional(),
});
export type EngineJob = z.infer<typeof engineJobSchema>;

export const startMessageSchema = z.object({ type: z.literal('start') });

export const engineMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('done'),
    seconds: z.number(),
    /** User + system CPU time of the engine process during the upload. */
    cpuSeconds: z.number(),
    storagePath: z.string(),
    etag: z.string(),
    partSize: z.number(),
    partCount: z.number(),
    /** Wall time of each JSON call, in call order. */
    apiMs: z.record(z.string(), z.number()),
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type EngineMessage = z.infer<typeof engineMessageSchema>;
export type EngineDone = Extract<EngineMessage, { type: 'done' }>;
