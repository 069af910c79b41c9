import { describe, expect, it } from 'vitest';
import { createApiKeyRequestSchema, updateApiKeyRequestSchema } from '@shared/api/api-key.schema';
import { apiKeyFormFrom, emptyApiKeyForm, toCreateRequest, toUpdateRequest, validateApiKeyForm } from './api-key-form';

const form = (change: Partial<ReturnType<typeof emptyApiKeyForm>>) => ({ ...emptyApiKeyForm(), name: 'ci', ...change });

describe('API key form', () => {
  it('requires a name of at most 50 characters', () => {
    expect(validateApiKeyForm(form({ name: '  ' })).name).toBe('nameRequired');
    expect(validateApiKeyForm(form({ name: 'x'.repeat(51) })).name).toBe('nameTooLong');
    expect(validateApiKeyForm(form({}))).toEqual({});
  });

  it('accepts a custom key of letters, digits, _ and - only', () => {
    expect(validateApiKeyForm(form({ customKey: 'has space!' })).customKey).toBe('customKeyChars');
    expect(validateApiKeyForm(form({ customKey: 'short' })).customKey).toBe('customKeyLength');
    expect(validateApiKeyForm(form({ customKey: 'k'.repeat(23) })).customKey).toBe('customKeyLength');
    expect(validateApiKeyForm(form({ customKey: 'my_key-2024_long-enough-1' })).customKey).toBeUndefined();
  });

  it('needs a whole number of days when the expiry is custom', () => {
    expect(validateApiKeyForm(form({ expiry: 'custom' })).customDays).toBe('customDaysRequired');
    expect(validateApiKeyForm(form({ expiry: 'custom', customDays: '2.5' })).customDays).toBe('customDaysInvalid');
    expect(validateApiKeyForm(form({ expiry: 'custom', customDays: '0' })).customDays).toBe('customDaysInvalid');
    expect(validateApiKeyForm(form({ expiry: 'never', customDays: 'x' })).customDays).toBeUndefined();
  });

  it('checks the basic path with the shared path rule and sends its normal form', () => {
    expect(validateApiKeyForm(form({ basicPath: 'docs' })).basicPath).toBe('basicPathInvalid');
    expect(validateApiKeyForm(form({ basicPath: '/../x' })).basicPath).toBe('basicPathInvalid');
    expect(toCreateRequest(form({ basicPath: '/docs//team/' })).basic_path).toBe('/docs/team');
    expect(toCreateRequest(form({ basicPath: '' })).basic_path).toBe('/');
  });

  it('builds requests the shared schemas accept', () => {
    const create = toCreateRequest(form({ customKey: 'custom_key_1_long-enough-x', expiry: '7', text: true }));
    expect(create).toMatchObject({
      name: 'ci',
      custom_key: 'custom_key_1_long-enough-x',
      expires_in_days: 7,
      text_permission: true,
    });
    expect(createApiKeyRequestSchema.safeParse(create).success).toBe(true);
    expect(toCreateRequest(form({ expiry: 'never' })).expires_at).toBe('never');
    expect(toCreateRequest(form({ expiry: 'custom', customDays: '90' })).expires_in_days).toBe(90);
  });

  it('leaves the expiry alone when an edit keeps it', () => {
    const key = {
      id: 'k',
      name: 'old',
      key_prefix: 'cd_abc',
      key_masked: 'cd_abc…••••',
      text_permission: true,
      file_permission: false,
      mount_permission: true,
      read_only: true,
      basic_path: '/docs',
      expires_at: null,
      last_used_at: null,
      created_at: '2024-01-01T00:00:00Z',
    };
    const values = apiKeyFormFrom(key);
    expect(values).toMatchObject({ expiry: 'keep', mount: true, readOnly: true, basicPath: '/docs' });
    const update = toUpdateRequest(values);
    expect(update).not.toHaveProperty('expires_at');
    expect(update).not.toHaveProperty('expires_in_days');
    expect(updateApiKeyRequestSchema.safeParse(update).success).toBe(true);
  });
});
