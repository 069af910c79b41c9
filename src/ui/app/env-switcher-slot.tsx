// Where the hidden environment switcher appears: on any page, for an admin, when the address
// carries ?showEnvSwitcher. Its code and strings load only then.
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '@ui/domain/session/auth-provider';
import { loadLocaleBundles } from './locale-bundles';

const EnvSwitcher = lazy(() =>
  import('@ui/features/env-switcher/env-switcher').then((m) => ({ default: m.EnvSwitcher })),
);

export function EnvSwitcherSlot() {
  const { i18n } = useTranslation();
  const { status } = useAuthView();
  const asked = useLocation({ select: (location) => new URLSearchParams(location.searchStr).has('showEnvSwitcher') });
  const wanted = status === 'admin' && asked;
  const [stringsReady, setStringsReady] = useState(false);

  useEffect(() => {
    if (wanted) void loadLocaleBundles(i18n, 'envSwitcher').then(() => setStringsReady(true));
  }, [wanted, i18n]);

  if (!wanted || !stringsReady) return null;
  return (
    <Suspense fallback={null}>
      <EnvSwitcher />
    </Suspense>
  );
}
