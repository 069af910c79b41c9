// The owner is told when files arrive: a count of uploads committed since they last opened each
// request's uploads (the admin panel's badge), cleared request by request when they open them.
import * as z from 'zod/mini';

const isoDate = z.string().check(
  z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO-8601 date and time'),
  z.maxLength(40),
);

export const fileRequestArrivalsSchema = z.object({
  /** Uploads not yet seen, over every request the caller owns (every request for the admin). */
  new_uploads: z.number(),
});
export type FileRequestArrivals = z.infer<typeof fileRequestArrivalsSchema>;

/**
 * The owner opened the uploads: what arrived up to `up_to` (the newest commit time the owner was
 * shown; now when left out) is seen. A later arrival stays new.
 */
export const markUploadsSeenSchema = z.object({ up_to: z.optional(isoDate) });
export type MarkUploadsSeen = z.infer<typeof markUploadsSeenSchema>;

export const uploadsSeenSchema = z.object({ id: z.string(), seen_at: z.string(), new_uploads: z.number() });
