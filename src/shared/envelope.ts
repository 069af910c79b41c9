// Every JSON response is {code, message, data, success} with HTTP status === code.
import { z } from 'zod';
import { errorDataSchema } from './errors';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data,
    success: z.boolean(),
  });
}

/** The data of a success that has nothing to report beyond its message (a delete, a logout). */
export const emptyDataSchema = z.null();

export const errorEnvelopeSchema = z.object({
  code: z.number().int().min(400),
  message: z.string(),
  data: errorDataSchema,
  success: z.literal(false),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { code: number; message: string; data: T; success: boolean };
