import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchableUrlSchema } from '@shared/api/url-upload.schema';
import { randomUuid } from '@shared/random-uuid';
import { TextField } from '@ui/components/text-field';
import { formatBytes } from '@ui/lib/format-bytes';
import { useUrlInfo } from './data/use-url-info';
import { shareOptionsFrom } from './upload-options';
import { UploadOptionsFields } from './upload-options-fields';
import { UrlInfoDetails } from './url-info-details';
import { problemOfError, problemOfInfo, urlProblemText, type UrlProblem } from './url-problem';
import type { UploadTabProps } from './upload-tabs';

/** Paste a URL, check what is there and choose the share options; the download and upload show below the tabs. */
export function UrlUploadTab({ setup: { maxBytes, configs }, options, start }: UploadTabProps) {
  const { t } = useTranslation();
  const { state, check, reset } = useUrlInfo();
  const { form, change, problems, setProblems } = options;
  const [address, setAddress] = useState('');
  // The name the URL's answer gave, until the user types another.
  const [rename, setRename] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const name = rename ?? (state.status === 'ready' ? state.info.filename : '');

  const problem: UrlProblem | null =
    state.status === 'failed'
      ? problemOfError(state.error)
      : state.status === 'ready'
        ? problemOfInfo(state.info, maxBytes)
        : null;
  const ready = state.status === 'ready' && problem === null && name.trim() !== '';

  const onCheck = (event: FormEvent) => {
    event.preventDefault();
    const url = fetchableUrlSchema.safeParse(address);
    setInvalid(!url.success);
    setRename(null);
    if (url.success) check(url.data);
    else reset();
  };

  const onStart = () => {
    if (state.status !== 'ready' || state.info.size === null || !ready) return;
    const result = shareOptionsFrom(form, 1);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    start([
      {
        id: randomUuid(),
        name: name.trim(),
        url: { url: state.url, size: state.info.size, mimetype: state.info.contentType },
        options: result.options,
      },
    ]);
    change({ slug: '' });
    setAddress('');
    setRename(null);
    reset();
  };

  return (
    <div className="upload-tab">
      <form className="url-form" onSubmit={onCheck} noValidate>
        <TextField
          label={t('upload.url.label')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('upload.url.placeholder')}
          value={address}
          error={invalid ? t('upload.url.problems.invalid') : undefined}
          onChange={(e) => setAddress(e.target.value)}
        />
        <button type="submit" className="button" disabled={address.trim() === '' || state.status === 'checking'}>
          {state.status === 'checking' ? t('upload.url.checking') : t('upload.url.check')}
        </button>
      </form>
      <p className="notice">{t('upload.url.hint')}</p>
      {problem !== null && (
        <p role="alert" className="form-error">
          {urlProblemText(t, problem, (bytes) => formatBytes(bytes))}
        </p>
      )}
      {state.status === 'ready' && <UrlInfoDetails info={state.info} name={name} onName={setRename} />}
      <UploadOptionsFields form={form} configs={configs} problems={problems} onChange={change} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={!ready} onClick={onStart}>
          {t('upload.url.start')}
        </button>
      </div>
    </div>
  );
}
