import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MountView } from '@shared/api/mount.schema';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useMountWrites } from './data/use-mounts';

type ActiveSwitchProps = {
  mount: MountView;
  onChanged: (mount: MountView) => void;
  onError: (message: string) => void;
};

/** Turns a mount on or off straight from the list; the switch is named after the mount. */
export function ActiveSwitch({ mount, onChanged, onError }: ActiveSwitchProps) {
  const { t } = useTranslation();
  const writes = useMountWrites();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      onChanged(await writes.update(mount.id, { is_active: !mount.is_active }));
    } catch (error) {
      onError(t('mounts.toggleFailed', { message: apiErrorMessage(t, toErrorInit(error)) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={mount.is_active}
      aria-label={t('mounts.activeNamed', { name: mount.name })}
      disabled={busy}
      onClick={() => void toggle()}
    />
  );
}
