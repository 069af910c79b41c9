import { useCallback } from 'react';
import { useApiClient } from '../../app/api-client-provider';
import { useDocumentTitle } from '../../app/use-document-title';
import { ResourceStatus } from '../../components/resource-status';
import { getSystemSettings } from '../../lib/api/settings';
import { useResource } from '../../lib/use-resource';
import { AdminAccountForm } from './admin-account-form';
import { SystemSettingsForm } from './system-settings-form';
import '../../components/admin-module.css';
import './admin-settings.css';

export function SettingsView({ title }: { title: string }) {
  const api = useApiClient();
  useDocumentTitle(title);
  const settings = useResource(useCallback((signal: AbortSignal) => getSystemSettings(api, signal), [api]));

  return (
    <section className="page settings" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <ResourceStatus state={settings.state} onRetry={settings.reload}>
        {(data) => <SystemSettingsForm settings={data} onSaved={(saved) => settings.update(() => saved)} />}
      </ResourceStatus>
      <AdminAccountForm />
    </section>
  );
}
