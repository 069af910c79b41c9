import * as z from 'zod/mini';

// The router parses search values as JSON, so a file named "2024" arrives as a number.
const previewSchema = z.pipe(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value)),
  ),
  z.string().check(z.minLength(1)),
);

/** Search params of the mount explorer: `preview` names a file to open; anything invalid is dropped. */
export const mountExplorerSearchSchema = z.object({
  preview: z.catch(z.optional(previewSchema), undefined),
});
