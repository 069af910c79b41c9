import type { CodeEditorProps } from './code-editor';

/** The plain-text editor, and the stand-in for the Markdown editor while its code loads. */
export function PlainTextArea({ value, onChange, label, placeholder, describedBy }: CodeEditorProps) {
  return (
    <textarea
      className="plain-editor"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      aria-describedby={describedBy}
      placeholder={placeholder}
      spellCheck={false}
      data-testid="paste-editor"
    />
  );
}
