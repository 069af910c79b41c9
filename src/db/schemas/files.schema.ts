import type { RxJsonSchema } from 'rxdb';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

/** Public metadata of a shared file, kept for offline display. */
export type FileDoc = {
  slug: string;
  filename: string;
  size: number;
  mimetype: string;
  remark: string | null;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  views: number;
  previewUrl: string | null;
  downloadUrl: string | null;
  createdAt: string;
  cachedAt: number;
};

export const fileSchema: RxJsonSchema<FileDoc> = {
  title: 'files',
  description: 'File share metadata cached for offline display, by slug',
  version: 0,
  primaryKey: 'slug',
  type: 'object',
  properties: {
    slug: { type: 'string', maxLength: SLUG_MAX_LENGTH },
    filename: { type: 'string', minLength: 1 },
    size: { type: 'integer', minimum: 0 },
    mimetype: { type: 'string' },
    remark: { type: ['string', 'null'] },
    hasPassword: { type: 'boolean' },
    expiresAt: { type: ['string', 'null'] },
    maxViews: { type: ['integer', 'null'], minimum: 0 },
    views: { type: 'integer', minimum: 0 },
    previewUrl: { type: ['string', 'null'] },
    downloadUrl: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    cachedAt: EPOCH_MS_INDEX,
  },
  required: [
    'slug',
    'filename',
    'size',
    'mimetype',
    'remark',
    'hasPassword',
    'expiresAt',
    'maxViews',
    'views',
    'previewUrl',
    'downloadUrl',
    'createdAt',
    'cachedAt',
  ],
  additionalProperties: false,
  indexes: ['cachedAt'],
};
