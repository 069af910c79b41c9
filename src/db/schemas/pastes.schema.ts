import type { RxJsonSchema } from 'rxdb';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

/** A paste kept for offline reading (the last version seen from the server). */
export type PasteDoc = {
  slug: string;
  content: string;
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
  version: 0,
  primaryKey: 'slug',
  type: 'object',
  properties: {
    slug: { type: 'string', maxLength: SLUG_MAX_LENGTH },
    content: { type: 'string' },
    remark: { type: ['string', 'null'] },
    hasPassword: { type: 'boolean' },
    expiresAt: { type: ['string', 'null'] },
    maxViews: { type: ['integer', 'null'], minimum: 0 },
    views: { type: 'integer', minimum: 0 },
    createdAt: { type: 'string' },
    createdBy: { type: ['string', 'null'] },
    cachedAt: EPOCH_MS_INDEX,
  },
  required: ['slug', 'content', 'remark', 'hasPassword', 'expiresAt', 'maxViews', 'views', 'createdAt', 'createdBy', 'cachedAt'],
  additionalProperties: false,
  indexes: ['cachedAt'],
};
