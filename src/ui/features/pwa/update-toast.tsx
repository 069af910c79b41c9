import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbox } from 'workbox-window';
import { swUpdateMachineFor } from './sw-update-actors';

const reloadPage = () => window.location.reload();

export function UpdateToast({ workbox }: { workbox: Workbox }) {
  const { t } = useTranslation();
  const [machine] = useState(() => swUpdateMachineFor(workbox, reloadPage));
  const actor = useActorRef(machine);
  const prompting = useSelector(actor, (s) => s.matches({ prompt: 'prompting' }));
  const accepted = useSelector(actor, (s) => s.matches({ prompt: 'accepted' }) || s.matches({ prompt: 'reloading' }));

  return (
    <div role="status" className="pwa-toast-slot">
      {(prompting || accepted) && (
        <div className="pwa-toast">
          <p className="pwa-toast__message">{t(accepted ? 'pwa.update.reloading' : 'pwa.update.message')}</p>
          {prompting && (
            <div className="pwa-toast__actions">
              <button type="button" className="button" onClick={() => actor.send({ type: 'update.dismiss' })}>
                {t('pwa.update.later')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => actor.send({ type: 'update.accept' })}
              >
                {t('pwa.update.reload')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
