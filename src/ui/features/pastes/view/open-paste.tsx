import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@ui/components/copy-button';
import { QrCode } from '@ui/components/qr-code';
import { formatDateTime } from '@ui/lib/format-date-time';
import { MarkdownHtml } from '@ui/features/pastes/editor/markdown-html';
import { PasteMeta } from './paste-meta';
import type { OpenPaste as OpenPasteData } from './use-paste-view';

type OpenPasteProps = { paste: OpenPasteData; rawUrl: string; onEdit?: () => void };

/** An unlocked paste: its details, copy, raw, QR code and (for its owner) edit actions, and the content as Markdown or text. */
export function OpenPaste({ paste, rawUrl, onEdit }: OpenPasteProps) {
  const { t, i18n } = useTranslation();
  const [qr, setQr] = useState(false);
  // Read only once the code is asked for: the server renders this component too (src/ui/ssr).
  const pageUrl = () => `${window.location.origin}${window.location.pathname}`;
  return (
    <>
      {paste.offlineCopy !== undefined && (
        <p className="notice paste-offline-copy" role="note">
          {t('pastes.view.offlineCopy', { when: formatDateTime(paste.offlineCopy, i18n.language) })}
        </p>
      )}
      {paste.remark && <p className="paste-remark">{paste.remark}</p>}
      <PasteMeta paste={paste} />
      <div className="actions paste-actions">
        <CopyButton text={paste.content} label={t('pastes.view.copy')} />
        <a className="button" href={rawUrl} target="_blank" rel="noopener noreferrer">
          {t('pastes.view.raw')}
        </a>
        <button
          type="button"
          className="button"
          aria-expanded={qr}
          aria-controls="paste-qr"
          onClick={() => setQr((on) => !on)}
        >
          {qr ? t('pastes.view.hideQr') : t('pastes.view.showQr')}
        </button>
        {onEdit && (
          <button type="button" className="button" onClick={onEdit}>
            {t('pastes.view.edit')}
          </button>
        )}
      </div>
      <div id="paste-qr" className="paste-qr" hidden={!qr}>
        {qr && <QrCode text={pageUrl()} alt={t('pastes.view.qrAlt')} size={176} />}
      </div>
      <article className="paste-content" aria-label={t('pastes.view.contentLabel')} data-format={paste.format}>
        <PasteBody paste={paste} />
      </article>
    </>
  );
}

function PasteBody({ paste }: { paste: OpenPasteData }) {
  const { t } = useTranslation();
  if (paste.format === 'plain') return <pre className="paste-plain">{paste.content}</pre>;
  // Markdown the server found too complex to render shows as written; the browser would not do better.
  if (paste.unrendered === 'too-complex')
    return (
      <>
        <p className="notice" role="note">
          {t('pastes.preview.tooComplex')}
        </p>
        <pre className="paste-plain">{paste.content}</pre>
      </>
    );
  // The server's HTML is sanitised (server/lib/markdown); without it (too long, or the server was
  // busy) the browser renders the source in its own worker.
  if (paste.html !== undefined && paste.unrendered === undefined)
    return <div className="markdown-body" dangerouslySetInnerHTML={{ __html: paste.html }} />;
  return <MarkdownHtml source={paste.content} />;
}
