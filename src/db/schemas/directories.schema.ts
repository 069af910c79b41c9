import type { RxJsonSchema } from 'rxdb';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

export const DIRECTORY_PATH_MAX_LENGTH = 1024;

export type DirectoryEntry = {
  name: string;
  path: string;
  isDirectory: boolean;
  size: number | null;
  modified: string | null;
  mimetype: string | null;
};

/** One mount-explorer listing, cached by its full path. */
export type DirectoryDoc = {
  path: string;
  mountId: string | null;
  entries: DirectoryEntry[];
  cachedAt: number;
};

export const directorySchema: RxJsonSchema<DirectoryDoc> = {
  title: 'directories',
  description: 'Mount explorer listings cached for offline browsing, by path',
  version: 0,
  primaryKey: 'path',
  type: 'object',
  properties: {
    path: { type: 'string', maxLength: DIRECTORY_PATH_MAX_LENGTH, pattern: '^/' },
    mountId: { type: ['string', 'null'] },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1 },
          path: { type: 'string' },
          isDirectory: { type: 'boolean' },
          size: { type: ['integer', 'null'], minimum: 0 },
          modified: { type: ['string', 'null'] },
          mimetype: { type: ['string', 'null'] },
        },
        required: ['name', 'path', 'isDirectory', 'size', 'modified', 'mimetype'],
        additionalProperties: false,
      },
    },
    cachedAt: EPOCH_MS_INDEX,
  },
  required: ['path', 'mountId', 'entries', 'cachedAt'],
  additionalProperties: false,
  indexes: ['cachedAt'],
};
