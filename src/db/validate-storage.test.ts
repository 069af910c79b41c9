import { fillWithDefaultSettings, type RxJsonSchema } from 'rxdb';
import { describe, expect, it } from 'vitest';
import * as classic from 'zod';
import * as z from 'zod/mini';
import { basketSchema } from './schemas/basket.schema';
import { directorySchema } from './schemas/directories.schema';
import { fileSchema } from './schemas/files.schema';
import { offlineQueueSchema } from './schemas/offline-queue.schema';
import { pasteSchema } from './schemas/pastes.schema';
import { searchHistorySchema } from './schemas/search-history.schema';
import { settingSchema } from './schemas/settings.schema';
import { fromJsonSchema, zodValidator } from './validate-storage';

type Json = Record<string, unknown>;

const collections: Record<string, RxJsonSchema<never>> = {
  basket: basketSchema as RxJsonSchema<never>,
  directories: directorySchema as RxJsonSchema<never>,
  files: fileSchema as RxJsonSchema<never>,
  offline_queue: offlineQueueSchema as RxJsonSchema<never>,
  pastes: pasteSchema as RxJsonSchema<never>,
  search_history: searchHistorySchema as RxJsonSchema<never>,
  settings: settingSchema as RxJsonSchema<never>,
};

/** The schema as RxDB hands it to the validator, with its own fields (_rev, _meta, …) added. */
const filled = (schema: RxJsonSchema<never>) => fillWithDefaultSettings(schema) as unknown as Json;

/** Zod's own JSON Schema reader, after RxDB's keywords are taken out: the reference to agree with. */
function reference(schema: Json) {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const skip = new Set([
      'version',
      'primaryKey',
      'indexes',
      'internalIndexes',
      'encrypted',
      'keyCompression',
      'attachments',
      'final',
    ]);
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !skip.has(key))
        .map(([key, inner]) => [
          key,
          key === 'properties'
            ? Object.fromEntries(Object.entries(inner as Json).map(([name, property]) => [name, strip(property)]))
            : strip(inner),
        ]),
    );
  };
  return classic.fromJSONSchema(strip(schema) as Parameters<typeof classic.fromJSONSchema>[0]);
}

/** A document every rule of `schema` allows. */
function example(schema: Json): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return `/${'a'.repeat(Math.max(Number(schema.minLength ?? 0), 1))}`;
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 0) + 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return schema.items === undefined ? [] : [example(schema.items as Json)];
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, property]) => [
          name,
          example(property),
        ]),
      );
    default:
      return 'x';
  }
}

/** The example, then each top-level field missing, replaced by values of every kind, and one field too many. */
function variants(schema: Json): [string, unknown][] {
  const base = example(schema) as Json;
  const list: [string, unknown][] = [
    ['example', base],
    ['extra field', { ...base, unexpected: 1 }],
    ['not an object', 'x'],
  ];
  const kinds: [string, unknown][] = [
    ['-1', -1],
    ['1.5', 1.5],
    ['2', 2],
    ['empty string', ''],
    ['long string', 'b'.repeat(3000)],
    ['no slash', 'abc'],
    ['null', null],
    ['true', true],
    ['array', [1]],
    ['object', {}],
    ['string map', { a: 'b' }],
    ['number map', { a: 1 }],
    ['huge', 1e300],
  ];
  for (const name of Object.keys(base)) {
    const { [name]: _dropped, ...without } = base;
    list.push([`${name} missing`, without]);
    for (const [label, value] of kinds) list.push([`${name} = ${label}`, { ...base, [name]: value }]);
  }
  return list;
}

describe('the local database schema reader', () => {
  for (const [name, schema] of Object.entries(collections)) {
    it(`accepts and refuses exactly what zod's own JSON Schema reader does for ${name}`, () => {
      const ours = fromJsonSchema(filled(schema));
      const theirs = reference(filled(schema));
      const cases = variants(filled(schema));
      expect(z.safeParse(ours, cases[0]?.[1]).success).toBe(true);
      let refused = 0;
      for (const [label, doc] of cases) {
        const accepted = z.safeParse(ours, doc).success;
        expect({ label, accepted }).toEqual({ label, accepted: classic.safeParse(theirs, doc).success });
        if (!accepted) refused += 1;
      }
      expect(refused).toBeGreaterThan(Object.keys(filled(schema).properties as Json).length);
    });
  }

  it('names the field and the rule it breaks', () => {
    const schema = filled(collections.offline_queue as RxJsonSchema<never>);
    const validate = zodValidator(schema as RxJsonSchema<unknown>);
    const doc = example(schema) as Json;
    expect(validate(doc)).toEqual([]);
    expect(validate({ ...doc, authType: 'root' })).toEqual([
      { field: 'authType', message: expect.stringContaining('"admin"') },
    ]);
    expect(validate({ ...doc, attempts: -1 })).toEqual([
      { field: 'attempts', message: expect.stringContaining('>=0') },
    ]);
    expect(validate({ ...doc, params: { path: 1 } })).toEqual([
      { field: 'params.path', message: expect.stringContaining('expected string') },
    ]);
  });

  it('reads a nullable enum, a pattern and a map of strings', () => {
    const schema = fromJsonSchema({
      type: 'object',
      properties: {
        kind: { type: ['string', 'null'], enum: ['a', null] },
        path: { type: 'string', pattern: '^/' },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['kind', 'path'],
      additionalProperties: false,
    });
    expect(z.safeParse(schema, { kind: null, path: '/x', tags: { a: 'b' } }).success).toBe(true);
    expect(z.safeParse(schema, { kind: 'a', path: '/x' }).success).toBe(true);
    expect(z.safeParse(schema, { kind: 'b', path: '/x' }).success).toBe(false);
    expect(z.safeParse(schema, { kind: 'a', path: 'x' }).success).toBe(false);
    expect(z.safeParse(schema, { kind: 'a', path: '/x', tags: { a: 1 } }).success).toBe(false);
  });

  it('refuses a keyword it does not check instead of dropping the rule', () => {
    expect(() => fromJsonSchema({ type: 'string', format: 'email' } as never)).toThrow('unsupported keyword format');
    expect(() => fromJsonSchema({ type: 'date' })).toThrow('unsupported type date');
  });
});
