// Messages a page may post to the service worker. Built with zod/mini because the worker script
// is re-downloaded on every update check, so its bundle has to stay small.
import * as z from 'zod/mini';

export const SKIP_WAITING = 'SKIP_WAITING';

export const swMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal(SKIP_WAITING) })]);
export type SwMessage = z.infer<typeof swMessageSchema>;
