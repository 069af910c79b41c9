import type { Ref } from 'react';
import type { TextEditorProps } from './code-editor';

type PlainTextAreaProps = TextEditorProps & {
  ref?: Ref<HTMLTextAreaElement>;
  /** Told when an input method starts and ends composing, so nothing swaps the area mid-word. */
  onComposing?: (composing: boolean) => void;
  /** The user reached for the area: pointer, focus or key. */
  onIntent?: () => void;
};

/** The plain-text editor, and the Markdown editor's first form until CodeMirror takes it over. */
export function PlainTextArea({
  value,
  onChange,
  label,
  placeholder,
  describedBy,
  ref,
  onComposing,
  onIntent,
}: PlainTextAreaProps) {
  return (
    <textarea
      ref={ref}
      className="plain-editor"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onCompositionStart={() => onComposing?.(true)}
      onCompositionEnd={() => onComposing?.(false)}
      onFocus={onIntent}
      onPointerDown={onIntent}
      onKeyDown={onIntent}
      aria-label={label}
      aria-describedby={describedBy}
      placeholder={placeholder}
      spellCheck={false}
      data-testid="paste-editor"
    />
  );
}
