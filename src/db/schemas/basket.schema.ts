import type { RxJsonSchema } from 'rxdb';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

/** Per-file basket status: pending, preparing, downloading, completed, failed. */
export const basketStatuses = ['pending', 'preparing', 'downloading', 'completed', 'failed'] as const;
export type BasketStatus = (typeof basketStatuses)[number];

export const BASKET_PATH_MAX_LENGTH = 2048;

/**
 * One file or folder in the file basket. `source` says where its bytes come from: a
 * mount path read through the caller's file system calls (`scope` admin or user), or a file
 * share's slug. The key joins the three, so adding the same thing twice keeps one entry.
 */
export type BasketItemDoc = {
  id: string;
  source: 'fs' | 'share';
  scope: 'admin' | 'user' | 'public';
  /** The mount path as the server writes it (a folder ends with `/`), or the share's slug. */
  path: string;
  name: string;
  isDirectory: boolean;
  /** Bytes; for a folder, the bytes of every file below it once counted in the background, null until then. */
  size: number | null;
  /** How many files a counted folder holds; null for files and for folders not yet counted. */
  files: number | null;
  /** Why counting the folder failed: the API error's kind, which the panel translates. The folder still downloads. */
  sizeError: string | null;
  status: BasketStatus;
  /** Why the last download of it failed, in English (the panel translates the status). */
  error: string | null;
  addedAt: number;
};

export const basketSchema: RxJsonSchema<BasketItemDoc> = {
  title: 'basket_items',
  description: 'Files and folders collected for one ZIP download',
  version: 1,
  primaryKey: { key: 'id', fields: ['source', 'scope', 'path'], separator: '|' },
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: BASKET_PATH_MAX_LENGTH + 16 },
    source: { type: 'string', enum: ['fs', 'share'] },
    scope: { type: 'string', enum: ['admin', 'user', 'public'] },
    path: { type: 'string', minLength: 1, maxLength: BASKET_PATH_MAX_LENGTH },
    name: { type: 'string', minLength: 1, maxLength: 1024 },
    isDirectory: { type: 'boolean' },
    size: { type: ['integer', 'null'], minimum: 0 },
    files: { type: ['integer', 'null'], minimum: 0 },
    sizeError: { type: ['string', 'null'], maxLength: 100 },
    status: { type: 'string', enum: [...basketStatuses] },
    error: { type: ['string', 'null'], maxLength: 2000 },
    addedAt: EPOCH_MS_INDEX,
  },
  required: [
    'id',
    'source',
    'scope',
    'path',
    'name',
    'isDirectory',
    'size',
    'files',
    'sizeError',
    'status',
    'error',
    'addedAt',
  ],
  additionalProperties: false,
  indexes: ['addedAt'],
};

/** Version 1 counts folders in the background: entries stored before wait to be counted. */
export const basketMigrations = {
  1: (old: Record<string, unknown>): Record<string, unknown> => ({ ...old, files: null, sizeError: null }),
};
