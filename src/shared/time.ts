// The latest instant Clipdock stores. Times are ISO-8601 UTC text compared as strings, and years
// past 9999 print as "+010000-…", which sorts before every real date; so nothing may go past it.
import * as z from 'zod/mini';

export const MAX_TIMESTAMP_ISO = '9999-12-31T23:59:59.000Z';
export const MAX_TIMESTAMP_MS = Date.parse(MAX_TIMESTAMP_ISO);
const tooLate = 'must be no later than 9999-12-31T23:59:59Z';

/** An ISO-8601 date-time (any offset) no later than MAX_TIMESTAMP_ISO. */
export const isoTimestampSchema = z.iso
  .datetime({ offset: true })
  .check(z.refine((value) => Date.parse(value) <= MAX_TIMESTAMP_MS, { message: tooLate }));

/** A lifetime in whole hours from now that ends no later than MAX_TIMESTAMP_ISO. */
export const expiresInHoursSchema = z.int().check(
  z.positive(),
  z.refine((hours) => Date.now() + hours * 3_600_000 <= MAX_TIMESTAMP_MS, { message: `${tooLate} once added to now` }),
);
