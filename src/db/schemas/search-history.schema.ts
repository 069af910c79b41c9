import type { RxJsonSchema } from 'rxdb';
import { EPOCH_MS_INDEX } from './epoch-ms-index';

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_SCOPE_MAX_LENGTH = 64;

/** A past search; the key joins scope and query, so repeating a search only bumps its time. */
export type SearchHistoryDoc = {
  id: string;
  query: string;
  scope: string;
  timestamp: number;
};

export const searchHistorySchema: RxJsonSchema<SearchHistoryDoc> = {
  title: 'search_history',
  description: 'Recent mount explorer searches',
  version: 0,
  primaryKey: { key: 'id', fields: ['scope', 'query'], separator: '|' },
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: SEARCH_SCOPE_MAX_LENGTH + 1 + SEARCH_QUERY_MAX_LENGTH },
    query: { type: 'string', minLength: 1, maxLength: SEARCH_QUERY_MAX_LENGTH },
    scope: { type: 'string', minLength: 1, maxLength: SEARCH_SCOPE_MAX_LENGTH },
    timestamp: EPOCH_MS_INDEX,
  },
  required: ['id', 'query', 'scope', 'timestamp'],
  additionalProperties: false,
  indexes: ['timestamp'],
};
