// The admin's system settings: upload limit, WebDAV upload mode, guest pastes. Saving sends the
// whole form, so a replay after an offline spell changes nothing twice.
import { ErrorCode } from '@shared/errors';
import { defineEndpoint } from '@shared/http/endpoint';
import { systemSettingsSchema, updateSystemSettingsRequestSchema } from './settings.schema';

const tag = 'settings';

export const getSystemSettings = defineEndpoint({
  id: 'settings.get',
  method: 'GET',
  path: '/admin/system-settings',
  summary: 'The current system settings',
  tag,
  access: 'admin',
  reply: systemSettingsSchema,
  errors: [],
});

export const updateSystemSettings = defineEndpoint({
  id: 'settings.update',
  method: 'PUT',
  path: '/admin/system-settings',
  summary: 'Change the settings sent; the reply is every setting after the change',
  tag,
  access: 'admin',
  body: updateSystemSettingsRequestSchema,
  reply: systemSettingsSchema,
  message: 'settings updated',
  errors: [ErrorCode.ValidationFailed, ErrorCode.BadRequest],
  idempotent: true,
});
