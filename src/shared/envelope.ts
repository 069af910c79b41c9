// Every JSON response is {code, message, data, success} with HTTP status === code.
import * as z from 'zod/mini';
import { errorDataSchema } from './errors';

export function envelopeSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({
    code: z.int(),
    message: z.string(),
    data,
    success: z.boolean(),
  });
}

/** The data of a success that has nothing to report beyond its message (a delete, a logout). */
export const emptyDataSchema = z.null();

export const errorEnvelopeSchema = z.object({
  code: z.int().check(z.gte(400)),
  message: z.string(),
  data: errorDataSchema,
  success: z.literal(false),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { code: number; message: string; data: T; success: boolean };
