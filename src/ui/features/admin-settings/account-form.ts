// The admin-account form: the current password is required, at least one of a new
// username or a new password, the new password confirmed and different from the current one.
import type { ChangePasswordRequest } from '@shared/api/auth.schema';
import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@shared/limits';

export type AccountFormValues = {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
};

export type AccountFormErrorCode =
  | 'currentRequired'
  | 'currentWrong'
  | 'nothingToChange'
  | 'usernameTooLong'
  | 'usernameTaken'
  | 'passwordTooShort'
  | 'passwordSame'
  | 'confirmMismatch';
export type AccountFormErrors = Partial<Record<keyof AccountFormValues, AccountFormErrorCode>>;

export function emptyAccountForm(): AccountFormValues {
  return { currentPassword: '', newUsername: '', newPassword: '', confirmPassword: '' };
}

export function validateAccountForm(values: AccountFormValues): AccountFormErrors {
  const errors: AccountFormErrors = {};
  const username = values.newUsername.trim();
  if (!values.currentPassword) errors.currentPassword = 'currentRequired';
  if (!username && !values.newPassword) errors.newUsername = 'nothingToChange';
  if (username.length > USERNAME_MAX_LENGTH) errors.newUsername = 'usernameTooLong';
  if (values.newPassword) {
    if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = 'passwordTooShort';
    else if (values.newPassword === values.currentPassword) errors.newPassword = 'passwordSame';
    if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'confirmMismatch';
  }
  return errors;
}

/** Call only with values that passed validateAccountForm; empty fields are left out. */
export function toChangePasswordRequest(values: AccountFormValues): ChangePasswordRequest {
  const username = values.newUsername.trim();
  return {
    currentPassword: values.currentPassword,
    ...(username ? { newUsername: username } : {}),
    ...(values.newPassword ? { newPassword: values.newPassword } : {}),
  };
}
