import { z } from 'zod';

// The router parses search values as JSON, so a file named "2024" arrives as a number.
const previewSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .pipe(z.string().min(1));

/** Search params of the mount explorer: `preview` names a file to open; anything invalid is dropped. */
export const mountExplorerSearchSchema = z.object({
  preview: previewSchema.optional().catch(undefined),
});
