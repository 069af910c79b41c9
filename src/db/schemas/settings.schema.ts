import type { RxJsonSchema } from 'rxdb';

export const SETTING_KEY_MAX_LENGTH = 100;

/** A local setting; `value` is JSON text that its reader parses with its own zod schema. */
export type SettingDoc = {
  key: string;
  value: string;
  updatedAt: number;
};

export const settingSchema: RxJsonSchema<SettingDoc> = {
  title: 'settings',
  description: 'Local key/value settings',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: SETTING_KEY_MAX_LENGTH },
    value: { type: 'string' },
    updatedAt: { type: 'integer', minimum: 0 },
  },
  required: ['key', 'value', 'updatedAt'],
  additionalProperties: false,
};
