import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicFile } from '@shared/api/file-share.schema';
import { secretFromFragment, toBase64Url } from '@shared/e2ee/keys';
import type { Kdf } from '@shared/e2ee/lock';
import { PassphrasePrompt } from '@ui/components/passphrase-prompt';
import { previewKind } from '@shared/preview-kind';
import { FilePreview } from '@ui/components/preview/file-preview';
import { QrCode } from '@ui/components/qr-code';
import { copyToClipboard } from '@ui/lib/clipboard';
import { formatBytes } from '@ui/lib/format-bytes';
import { openedBlob, openHeader, type OpenedFile, PREVIEW_MAX_BYTES, saveOpened } from './sealed-file';

type SealedFileViewProps = { file: PublicFile; downloadUrl: string | null };

type Opening =
  | { status: 'opening' }
  | { status: 'no-key' | 'wrong-key' }
  | { status: 'passphrase'; kdf: Kdf; deriving: boolean; wrong: boolean }
  | { status: 'open'; opened: OpenedFile };

/** Whether this page's link holds a key at all (a protected share is not worth its password without one). */
export const linkHasKey = () => secretFromFragment(window.location.hash) !== null;

/** Why an encrypted file does not open here: no key in the link, or a key that is not its own. */
export function SealedNotice({ problem }: { problem: 'no-key' | 'wrong-key' }) {
  const { t } = useTranslation();
  const key = problem === 'no-key' ? 'noKey' : 'wrongKey';
  return (
    <div className="notice" role="alert">
      <h2 className="section-title">{t(`fileView.e2ee.${key}Title`)}</h2>
      <p>{t(`fileView.e2ee.${key}`)}</p>
    </div>
  );
}

/** Asks for a passphrase file's passphrase; a wrong one is said before anything is downloaded. */
function FilePassphrasePrompt(props: { busy: boolean; wrong: boolean; onSubmit: (passphrase: string) => void }) {
  const { t } = useTranslation();
  const text = {
    title: t('fileView.e2ee.passphraseTitle'),
    intro: t('fileView.e2ee.passphraseIntro'),
    label: t('fileView.e2ee.passphraseLabel'),
    required: t('fileView.e2ee.passphraseRequired'),
    submit: t('fileView.e2ee.passphraseSubmit'),
    deriving: t('fileView.e2ee.passphraseDeriving'),
    wrong: t('fileView.e2ee.passphraseWrong'),
  };
  return <PassphrasePrompt text={text} {...props} />;
}

/**
 * An end-to-end encrypted file: its real name, type and size once the link's key opens its header,
 * a download opened on the way to the disk, and a preview opened in memory when the visitor asks.
 */
export function SealedFileView({ file, downloadUrl }: SealedFileViewProps) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState<Opening>({ status: 'opening' });
  const [preview, setPreview] = useState<{ url: string } | 'busy' | 'failed' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [qr, setQr] = useState(false);
  // The key in the link, read as the page opens; it never leaves this page.
  const [fragment] = useState(() => window.location.hash);

  useEffect(() => {
    const secret = secretFromFragment(fragment);
    const header = file.e2ee;
    if (secret === null && header?.kdf !== undefined) {
      setOpening({ status: 'passphrase', kdf: header.kdf, deriving: false, wrong: false });
      return;
    }
    if (secret === null || header === undefined) {
      setOpening({ status: 'no-key' });
      return;
    }
    const secretText = new URLSearchParams(fragment.slice(1)).get('k') ?? '';
    void openHeader(secret, secretText, header).then((opened) =>
      setOpening(opened === null ? { status: 'wrong-key' } : { status: 'open', opened }),
    );
  }, [file.e2ee, fragment]);

  useEffect(
    () => () => (typeof preview === 'object' && preview !== null ? URL.revokeObjectURL(preview.url) : undefined),
    [preview],
  );

  if (opening.status === 'opening') return <p role="status">{t('fileView.e2ee.opening')}</p>;
  if (opening.status === 'passphrase') {
    const asked = opening;
    const enter = (passphrase: string) => {
      const header = file.e2ee;
      if (header === undefined || asked.deriving) return;
      setOpening({ ...asked, deriving: true, wrong: false });
      void import('@ui/domain/e2ee/derive-passphrase')
        .then(({ derivePassphrase }) => derivePassphrase(passphrase, asked.kdf))
        .then((secret) => openHeader(secret, toBase64Url(secret), header))
        .catch(() => null)
        .then((opened) =>
          setOpening(opened === null ? { ...asked, deriving: false, wrong: true } : { status: 'open', opened }),
        );
    };
    return <FilePassphrasePrompt busy={asked.deriving} wrong={asked.wrong} onSubmit={enter} />;
  }
  if (opening.status !== 'open') return <SealedNotice problem={opening.status} />;

  const { opened } = opening;
  const kind = previewKind(opened.meta.type, opened.meta.name);
  const previewable = kind !== 'none' && kind !== 'office' && opened.meta.size <= PREVIEW_MAX_BYTES;
  const failed = (error: unknown) => setNotice(t('fileView.e2ee.damaged', { reason: String(error) }));
  const download = () => {
    if (downloadUrl === null) return;
    setNotice(null);
    void saveOpened(downloadUrl, opened).then(
      (outcome) => setNotice(outcome === 'too-large' ? t('fileView.e2ee.tooLarge') : null),
      failed,
    );
  };
  const showPreview = () => {
    if (downloadUrl === null) return;
    setPreview('busy');
    void openedBlob(downloadUrl, opened).then(
      (blob) => setPreview({ url: URL.createObjectURL(blob) }),
      (error: unknown) => {
        setPreview('failed');
        failed(error);
      },
    );
  };
  const pageUrl = `${window.location.origin}${window.location.pathname}${fragment}`;

  return (
    <div className="file-view__body">
      <div className="file-view__side">
        <p className="notice" role="note">
          {file.e2ee?.kdf === undefined ? t('fileView.e2ee.note') : t('fileView.e2ee.passphraseNote')}
        </p>
        <dl className="file-info" aria-label={t('fileView.info.label')}>
          {[
            [t('fileView.info.name'), opened.meta.name],
            [t('fileView.info.size'), formatBytes(opened.meta.size)],
            [t('fileView.info.type'), opened.meta.type],
          ].map(([term, value]) => (
            <div key={term} className="file-info__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="file-actions">
          <div className="actions">
            <button type="button" className="button button--primary" disabled={downloadUrl === null} onClick={download}>
              {t('fileView.download')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                void copyToClipboard(pageUrl).then((ok) => setNotice(t(ok ? 'fileView.copied' : 'fileView.copyFailed')))
              }
            >
              {t('fileView.copyLink')}
            </button>
            <button type="button" className="button" aria-expanded={qr} onClick={() => setQr((on) => !on)}>
              {qr ? t('fileView.hideQr') : t('fileView.showQr')}
            </button>
          </div>
          {notice !== null && (
            <p role="status" className="notice">
              {notice}
            </p>
          )}
          {qr && <QrCode text={pageUrl} alt={t('fileView.qrAlt')} />}
        </div>
      </div>
      <section className="file-preview" aria-label={t('preview.label')}>
        {!previewable ? (
          <p className="notice">{t('preview.none')}</p>
        ) : typeof preview === 'object' && preview !== null ? (
          <FilePreview kind={kind} url={preview.url} name={opened.meta.name} office={null} />
        ) : (
          <button type="button" className="button" disabled={preview === 'busy'} onClick={showPreview}>
            {preview === 'busy' ? t('fileView.e2ee.decrypting') : t('fileView.e2ee.preview')}
          </button>
        )}
      </section>
    </div>
  );
}
