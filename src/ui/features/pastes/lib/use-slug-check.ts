// The link suffix is checked inline with the shared slug rule. Checking starts at the field's first
// blur (or a submit), so "new" on the way to "newsletter" is not flagged; from then on every change
// re-checks it, and the message shows while the value breaks the rule and clears once it does not.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { slugProblem } from './slug-problem';

export function useSlugCheck(slug: string) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const start = useCallback(() => setChecking(true), []);
  const problem = checking ? slugProblem(slug.trim()) : null;
  return { message: problem ? t(`pastes.slug.${problem}`, { max: SLUG_MAX_LENGTH }) : undefined, start };
}
