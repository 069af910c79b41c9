// The explorer's search box (at least 2 characters), with a scope choice: every mount,
// the current mount or the current folder. Recent searches from the local database are offered.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchable } from './data/use-fs-search';
import type { SearchRequest, SearchScope } from './data/use-fs-calls';

type SearchBarProps = {
  folder: string;
  mountId: string | null;
  history: string[];
  onFocus: () => void;
  onSearch: (request: SearchRequest) => void;
};

export function SearchBar({ folder, mountId, history, onFocus, onSearch }: SearchBarProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [scope, setScope] = useState<SearchScope>('global');
  const [tooShort, setTooShort] = useState(false);
  const ids = { input: useId(), scope: useId(), hint: useId(), list: useId() };
  const scopes: SearchScope[] = [
    'global',
    ...(mountId ? (['mount'] as const) : []),
    ...(folder !== '/' ? (['directory'] as const) : []),
  ];
  const chosen = scopes.includes(scope) ? scope : 'global';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSearchable(q)) return setTooShort(true);
    setTooShort(false);
    onSearch({ q: q.trim(), scope: chosen, mountId: mountId ?? undefined, path: folder });
  };

  return (
    <form role="search" className="explorer-search" onSubmit={submit} noValidate>
      <label htmlFor={ids.input} className="visually-hidden">
        {t('explorer.search.label')}
      </label>
      <input
        id={ids.input}
        type="search"
        className="input explorer-search__input"
        value={q}
        list={ids.list}
        placeholder={t('explorer.search.placeholder')}
        aria-invalid={tooShort || undefined}
        aria-describedby={tooShort ? ids.hint : undefined}
        onFocus={onFocus}
        onChange={(e) => {
          setQ(e.target.value);
          if (tooShort && isSearchable(e.target.value)) setTooShort(false);
        }}
      />
      <datalist id={ids.list}>
        {history.map((item) => (
          <option key={item} value={item} />
        ))}
      </datalist>
      <label htmlFor={ids.scope} className="visually-hidden">
        {t('explorer.search.scope')}
      </label>
      <select
        id={ids.scope}
        className="input explorer-search__scope"
        value={chosen}
        onChange={(e) => setScope(scopes.find((s) => s === e.target.value) ?? 'global')}
      >
        {scopes.map((item) => (
          <option key={item} value={item}>
            {t(`explorer.search.scopes.${item}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {t('explorer.search.submit')}
      </button>
      {tooShort && (
        <p id={ids.hint} className="field__error explorer-search__hint" role="alert">
          {t('explorer.search.tooShort')}
        </p>
      )}
    </form>
  );
}
