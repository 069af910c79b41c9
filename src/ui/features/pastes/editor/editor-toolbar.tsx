import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeKey, toolbarButtons, type ToolbarActionId } from './toolbar-buttons';

/**
 * Markdown formatting buttons as one ARIA toolbar: a single tab stop, arrow keys move between
 * buttons. Drawn before the editor arrives, disabled, so its arrival moves nothing.
 */
export function EditorToolbar({
  run,
  onIntent,
}: {
  run: ((id: ToolbarActionId) => void) | undefined;
  onIntent?: () => void;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = toolbarButtons.length - 1;
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: last };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + toolbarButtons.length) % toolbarButtons.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={t('pastes.toolbar.label')}
      className="md-toolbar"
      onKeyDown={onKeyDown}
      onPointerEnter={onIntent}
      onPointerDown={onIntent}
    >
      {toolbarButtons.map((button, index) => {
        const label = t(`pastes.toolbar.${button.id}`);
        const key = button.key === undefined ? undefined : describeKey(button.key);
        return (
          <button
            key={button.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            className={`md-toolbar__button md-toolbar__button--${button.id}`}
            aria-label={label}
            aria-keyshortcuts={key?.aria}
            title={key ? `${label} (${key.visible})` : label}
            tabIndex={index === active ? 0 : -1}
            disabled={run === undefined}
            onFocus={() => setActive(index)}
            onClick={() => run?.(button.id)}
          >
            <span aria-hidden="true">{button.glyph}</span>
          </button>
        );
      })}
    </div>
  );
}
