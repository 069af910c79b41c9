import { useDocumentTitle } from '@ui/lib/use-document-title';
import { ResourceStatus } from '@ui/components/resource-status';
import { AdminAccountForm } from './admin-account-form';
import { useSystemSettings } from './data/use-settings';
import { SystemSettingsForm } from './system-settings-form';
import '@ui/components/admin-module.css';
import './admin-settings.css';

export function SettingsView({ title }: { title: string }) {
  useDocumentTitle(title);
  const settings = useSystemSettings();

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
