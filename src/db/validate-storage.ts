// Schema validation for every write to the local database, through zod's JSON Schema reader
// instead of ajv: ajv compiles validators with `new Function`, which the app's
// Content-Security-Policy (scripts from this origin only, no eval) rightly refuses.
import { wrappedValidateStorageFactory, type RxJsonSchema, type RxValidationError } from 'rxdb';
import { z } from 'zod';

/** RxDB's own keywords, meaningless to a JSON Schema validator. */
const rxdbKeywords = new Set(['version', 'primaryKey', 'indexes', 'internalIndexes', 'encrypted', 'keyCompression', 'attachments', 'sharding', 'crdt', 'final', 'ref']);

function plainJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainJsonSchema);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !rxdbKeywords.has(key)).map(([key, inner]) => [key, key === 'properties' ? mapValues(inner) : plainJsonSchema(inner)]));
}

/** Property names are data, not keywords: keep them all, clean what they map to. */
function mapValues(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, plainJsonSchema(schema)]));
}

export function zodValidator(schema: RxJsonSchema<unknown>): (doc: unknown) => RxValidationError[] {
  const validator = z.fromJSONSchema(plainJsonSchema(schema) as Parameters<typeof z.fromJSONSchema>[0]);
  return (doc) => {
    const result = validator.safeParse(doc);
    if (result.success) return [];
    return result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }) as RxValidationError);
  };
}

export const wrappedValidateZodStorage = wrappedValidateStorageFactory(zodValidator, 'zod');
