import type { EditorView } from '@codemirror/view';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeKey, toolbarActions } from './toolbar-actions';

/** Markdown formatting buttons as one ARIA toolbar: a single tab stop, arrow keys move between buttons. */
export function EditorToolbar({ view }: { view: EditorView | null }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const labels = { tableHeader: t('pastes.toolbar.tableHeader'), tableCell: t('pastes.toolbar.tableCell') };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = toolbarActions.length - 1;
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: last };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + toolbarActions.length) % toolbarActions.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={t('pastes.toolbar.label')} className="md-toolbar" onKeyDown={onKeyDown}>
      {toolbarActions.map((action, index) => {
        const label = t(`pastes.toolbar.${action.id}`);
        const key = action.key === undefined ? undefined : describeKey(action.key);
        return (
          <button
            key={action.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            className={`md-toolbar__button md-toolbar__button--${action.id}`}
            aria-label={label}
            aria-keyshortcuts={key?.aria}
            title={key ? `${label} (${key.visible})` : label}
            tabIndex={index === active ? 0 : -1}
            disabled={view === null}
            onFocus={() => setActive(index)}
            onClick={() => view && action.command(labels)(view)}
          >
            <span aria-hidden="true">{action.glyph}</span>
          </button>
        );
      })}
    </div>
  );
}
