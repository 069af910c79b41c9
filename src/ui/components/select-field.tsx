import type { SelectHTMLAttributes } from 'react';
import { Field } from './field';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled select (its options are the children) with its validation message wired up for assistive technology. */
export function SelectField({ label, error, children, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select {...selectProps} {...control} className="input">
          {children}
        </select>
      )}
    </Field>
  );
}
