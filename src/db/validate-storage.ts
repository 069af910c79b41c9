// Schema validation for every write to the local database. The collections' JSON Schemas are read
// into zod/mini schemas here, instead of through ajv or zod's own JSON Schema reader:
// - ajv compiles validators with `new Function`, which the app's Content-Security-Policy (scripts
//   from this origin only, no eval) rightly refuses;
// - zod's reader builds classic zod schemas, and one classic schema anywhere in the app makes the
//   bundle keep every part of zod's core that classic zod uses, in the file every page loads first.
// The reader takes the keywords the collections use (plus those RxDB adds for its own fields) and
// throws on any other, so a schema cannot silently lose a rule.
import { wrappedValidateStorageFactory, type RxJsonSchema, type RxValidationError } from 'rxdb';
import * as z from 'zod/mini';

/** RxDB's own keywords and annotations: no rule to check. */
const ignored = new Set([
  'version',
  'primaryKey',
  'indexes',
  'internalIndexes',
  'encrypted',
  'keyCompression',
  'attachments',
  'sharding',
  'crdt',
  'final',
  'ref',
  'title',
  'description',
  'default',
]);
const rules = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'multipleOf',
]);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
};

function numberChecks(schema: JsonSchema) {
  return [
    ...(schema.minimum === undefined ? [] : [z.gte(schema.minimum)]),
    ...(schema.maximum === undefined ? [] : [z.lte(schema.maximum)]),
    ...(schema.multipleOf === undefined ? [] : [z.multipleOf(schema.multipleOf)]),
  ];
}

function objectOf(schema: JsonSchema): z.ZodMiniType {
  const required = new Set(schema.required ?? []);
  const shape = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => {
      const value = fromJsonSchema(property);
      return [name, required.has(name) ? value : z.optional(value)];
    }),
  );
  const rest = schema.additionalProperties;
  if (rest === false) return z.strictObject(shape);
  if (rest === undefined || rest === true) return z.looseObject(shape);
  return z.catchall(z.object(shape), fromJsonSchema(rest));
}

function ofType(type: string, schema: JsonSchema): z.ZodMiniType {
  switch (type) {
    case 'string': {
      const checks = [
        ...(schema.minLength === undefined ? [] : [z.minLength(schema.minLength)]),
        ...(schema.maxLength === undefined ? [] : [z.maxLength(schema.maxLength)]),
        ...(schema.pattern === undefined ? [] : [z.regex(new RegExp(schema.pattern, 'u'))]),
      ];
      return checks.length === 0 ? z.string() : z.string().check(...checks);
    }
    case 'number':
    case 'integer': {
      const checks = [...(type === 'integer' ? [z.int()] : []), ...numberChecks(schema)];
      return checks.length === 0 ? z.number() : z.number().check(...checks);
    }
    case 'boolean':
      return z.boolean();
    case 'null':
      return z.null();
    case 'array':
      return z.array(schema.items === undefined ? z.unknown() : fromJsonSchema(schema.items));
    case 'object':
      return objectOf(schema);
    default:
      throw new Error(`local database schema: unsupported type ${type}`);
  }
}

/** A zod/mini schema checking what `schema` (a JSON Schema of the keywords above) allows. */
export function fromJsonSchema(schema: JsonSchema): z.ZodMiniType {
  for (const key of Object.keys(schema)) {
    if (!rules.has(key) && !ignored.has(key)) throw new Error(`local database schema: unsupported keyword ${key}`);
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const variants = types.map((type) => ofType(type, schema));
  const [first, ...others] = variants;
  const typed = first === undefined ? z.unknown() : others.length === 0 ? first : z.union([first, ...others]);
  const allowed = schema.enum;
  if (allowed === undefined) return typed;
  return typed.check(
    z.refine(
      (value) => allowed.includes(value),
      `must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`,
    ),
  );
}

export function zodValidator(schema: RxJsonSchema<unknown>): (doc: unknown) => RxValidationError[] {
  const validator = fromJsonSchema(schema as JsonSchema);
  return (doc) => {
    const result = z.safeParse(validator, doc);
    if (result.success) return [];
    return result.error.issues.map(
      (issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }) as RxValidationError,
    );
  };
}

export const wrappedValidateZodStorage = wrappedValidateStorageFactory(zodValidator, 'zod');
