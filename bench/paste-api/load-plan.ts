// The messages between the benchmark runner and the load generator process.
import { z } from 'zod';

const targetSchema = z.object({ method: z.enum(['GET', 'POST']), path: z.string(), headers: z.record(z.string(), z.string()), body: z.string().optional() });
export const planSchema = z.object({
  baseUrl: z.string(),
  connections: z.number().int().positive(),
  durationMs: z.number().int().positive().optional(),
  requests: z.number().int().positive().optional(),
  targets: z.array(targetSchema).min(1),
});
export type LoadPlan = z.infer<typeof planSchema>;
export type LoadTarget = z.infer<typeof targetSchema>;

export const loadResultSchema = z.object({
  requests: z.number(),
  errors: z.number(),
  non2xx: z.number(),
  seconds: z.number(),
  rps: z.number(),
  p50: z.number(),
  p99: z.number(),
  max: z.number(),
});
export type LoadResult = z.infer<typeof loadResultSchema>;
