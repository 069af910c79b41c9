import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadBatchItem } from '@machines/upload.machine';
import { useUploadSetup, type UploadSetup } from './data/use-upload-setup';
import { FileUploadTab } from './file-upload-tab';
import { RecentUploads } from './recent-uploads';
import { UnfinishedUploads } from './unfinished-uploads';
import { UploadBatchView } from './upload-batch-view';
import { UrlUploadTab } from './url-upload-tab';
import { useBatchesState } from './use-batches-state';
import { useUploadBatches } from './use-upload-batches';
import { useUploadOptionsForm, type UploadOptionsFormState } from './use-upload-options-form';

const tabs = ['file', 'url'] as const;
type Tab = (typeof tabs)[number];

/** What each tab shares: the server's limits, the share options and the batches it starts. */
export type UploadTabProps = {
  setup: UploadSetup;
  options: UploadOptionsFormState;
  start: (items: UploadBatchItem[]) => void;
};

/**
 * The two ways to upload: files from the device, or a URL. Only the chosen tab is shown;
 * the batches live here, below both, so switching tabs never stops an upload.
 */
export function UploadTabs() {
  const { t } = useTranslation();
  const setup = useUploadSetup();
  const options = useUploadOptionsForm(setup.configs);
  const { batches, start, cancelAll, clearFinished } = useUploadBatches();
  const { running, finished } = useBatchesState(batches);
  const [active, setActive] = useState<Tab>('file');
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const props: UploadTabProps = { setup, options, start };

  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next =
      tabs[(tabs.indexOf(active) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length] ?? 'file';
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="upload-tabs">
      <div className="tabs" role="tablist" aria-label={t('upload.tabs.label')} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`upload-tab-${tab}`}
            className="tabs__tab"
            aria-selected={active === tab}
            aria-controls="upload-panel"
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
          >
            {t(`upload.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="upload-panel" aria-labelledby={`upload-tab-${active}`}>
        {active === 'file' ? <FileUploadTab {...props} /> : <UrlUploadTab {...props} />}
      </div>
      <div className="upload-tab">
        {(running || finished) && (
          <div className="actions">
            {running && (
              <button type="button" className="button" onClick={cancelAll}>
                {t('upload.batch.cancelAll')}
              </button>
            )}
            {finished && (
              <button type="button" className="button" onClick={clearFinished}>
                {t('upload.batch.clearFinished')}
              </button>
            )}
          </div>
        )}
        {batches.map((actor) => (
          <UploadBatchView key={actor.id} actor={actor} />
        ))}
        <UnfinishedUploads />
        <RecentUploads />
      </div>
    </div>
  );
}
