import type { RxJsonSchema } from 'rxdb';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { pasteFormats, type PasteFormat } from '@shared/api/paste.schema';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

/** A paste kept for offline reading (the last version seen from the server). */
export type PasteDoc = {
  slug: string;
  content: string;
  format: PasteFormat;
  remark: string | null;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  views: number;
  createdAt: string;
  createdBy: string | null;
  cachedAt: number;
};

export const pasteSchema: RxJsonSchema<PasteDoc> = {
  title: 'pastes',
  description: 'Text shares cached for offline reading, by slug',
  version: 1,
  primaryKey: 'slug',
  type: 'object',
  properties: {
    slug: { type: 'string', maxLength: SLUG_MAX_LENGTH },
    content: { type: 'string' },
    format: { type: 'string', enum: [...pasteFormats] },
    remark: { type: ['string', 'null'] },
    hasPassword: { type: 'boolean' },
    expiresAt: { type: ['string', 'null'] },
    maxViews: { type: ['integer', 'null'], minimum: 0 },
    views: { type: 'integer', minimum: 0 },
    createdAt: { type: 'string' },
    createdBy: { type: ['string', 'null'] },
    cachedAt: EPOCH_MS_INDEX,
  },
  required: [
    'slug',
    'content',
    'format',
    'remark',
    'hasPassword',
    'expiresAt',
    'maxViews',
    'views',
    'createdAt',
    'createdBy',
    'cachedAt',
  ],
  additionalProperties: false,
  indexes: ['cachedAt'],
};

/** Version 1 keeps the paste's format (Markdown or plain text); copies of version 0 were Markdown. */
export const pasteMigrations = {
  1: (old: Record<string, unknown>): Record<string, unknown> => ({ ...old, format: 'markdown' }),
};
