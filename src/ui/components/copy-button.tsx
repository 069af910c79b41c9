import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '@ui/lib/clipboard';
import './share-link.css';

const FEEDBACK_MS = 3000;

/** Copies `text`, then says whether it worked for a few seconds (announced politely). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (result === null) return;
    const timer = setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  return (
    <span className="copy-button">
      <button
        type="button"
        className="button"
        onClick={() => void copyToClipboard(text).then((ok) => setResult(ok ? 'copied' : 'failed'))}
      >
        {label}
      </button>
      <span role="status" className="copy-button__status">
        {result && t(`share.${result}`)}
      </span>
    </span>
  );
}
