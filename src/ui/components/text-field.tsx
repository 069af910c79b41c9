import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its validation message wired up for assistive technology. */
export function TextField({ label, error, hint, ref, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input {...inputProps} {...control} ref={ref} className="input" />}
    </Field>
  );
}
