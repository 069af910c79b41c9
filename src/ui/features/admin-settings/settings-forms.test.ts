import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema } from '@shared/api/auth.schema';
import { updateSystemSettingsRequestSchema } from '@shared/api/settings.schema';
import { emptyAccountForm, toChangePasswordRequest, validateAccountForm } from './account-form';
import { toSettingsRequest, validateSettingsForm, validateThumbnailLimit } from './settings-form';

const settings = (maxUploadSize: string) => ({
  maxUploadSize,
  unit: 'MB' as const,
  webdavMode: 'auto' as const,
  guestPastes: false,
  thumbnailMaxMb: '50',
});
const account = (change: Partial<ReturnType<typeof emptyAccountForm>>) => ({
  ...emptyAccountForm(),
  currentPassword: 'old-password',
  ...change,
});

describe('system settings form', () => {
  it('needs a whole upload size greater than 0', () => {
    expect(validateSettingsForm(settings(''))).toBe('sizeRequired');
    expect(validateSettingsForm(settings('0'))).toBe('sizeInvalid');
    expect(validateSettingsForm(settings('-5'))).toBe('sizeInvalid');
    expect(validateSettingsForm(settings('1.5'))).toBe('sizeInvalid');
    expect(validateSettingsForm(settings('2000000'))).toBe('sizeTooLarge');
    expect(validateSettingsForm(settings('250'))).toBeUndefined();
  });

  it('sends every setting in a body the shared schema accepts', () => {
    const body = toSettingsRequest({ ...settings(' 2 '), unit: 'GB', webdavMode: 'multipart', guestPastes: true });
    expect(body).toEqual({
      max_upload_size: 2,
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'multipart',
      allow_guest_pastes: true,
      thumbnail_max_source_mb: 50,
    });
    expect(updateSystemSettingsRequestSchema.safeParse(body).success).toBe(true);
  });

  it('needs a whole thumbnail limit from 1 to 1024 MiB', () => {
    expect(validateThumbnailLimit(settings('1'))).toBeUndefined();
    for (const bad of ['', '0', '1.5', '1025', 'ten'])
      expect(validateThumbnailLimit({ ...settings('1'), thumbnailMaxMb: bad }), bad).toBe('thumbnailInvalid');
    expect(validateThumbnailLimit({ ...settings('1'), thumbnailMaxMb: '1024' })).toBeUndefined();
  });
});

describe('admin account form', () => {
  it('needs the current password and something to change', () => {
    expect(validateAccountForm(account({ currentPassword: '', newUsername: 'root' })).currentPassword).toBe(
      'currentRequired',
    );
    expect(validateAccountForm(account({})).newUsername).toBe('nothingToChange');
    expect(validateAccountForm(account({ newUsername: 'root' }))).toEqual({});
  });

  it('wants a confirmed new password that differs from the current one', () => {
    expect(validateAccountForm(account({ newPassword: 'short', confirmPassword: 'short' })).newPassword).toBe(
      'passwordTooShort',
    );
    expect(
      validateAccountForm(account({ newPassword: 'old-password', confirmPassword: 'old-password' })).newPassword,
    ).toBe('passwordSame');
    expect(validateAccountForm(account({ newPassword: 'new-password', confirmPassword: 'typo' })).confirmPassword).toBe(
      'confirmMismatch',
    );
    expect(validateAccountForm(account({ newPassword: 'new-password', confirmPassword: 'new-password' }))).toEqual({});
  });

  it('leaves out the fields that stay the same', () => {
    const body = toChangePasswordRequest(account({ newPassword: 'new-password', confirmPassword: 'new-password' }));
    expect(body).toEqual({ currentPassword: 'old-password', newPassword: 'new-password' });
    expect(changePasswordRequestSchema.safeParse(body).success).toBe(true);
    expect(toChangePasswordRequest(account({ newUsername: ' root ' }))).toEqual({
      currentPassword: 'old-password',
      newUsername: 'root',
    });
  });
});
