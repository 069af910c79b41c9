import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@shared/api/api-key.schema';
import { Dialog } from '@ui/components/dialog';
import { ToolProfilesPanel } from './tool-profiles-panel';

/** The tool profiles of an existing key, whose full value the server no longer shows. */
export function ToolProfilesDialog({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('keys.tools.dialogTitle', { name: apiKey.name })} onClose={onClose}>
      <ToolProfilesPanel keyName={apiKey.name} apiKey={null} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('keys.created.done')}
        </button>
      </div>
    </Dialog>
  );
}
