import { useId } from 'react';
import './shared.css';

type SegmentedChoiceProps<T extends string> = {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

/** A row of native radio buttons drawn as one segmented control (arrow keys move the choice). */
export function SegmentedChoice<T extends string>({ legend, options, value, onChange }: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="segmented__option">
          <input
            type="radio"
            className="segmented__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className="segmented__label">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
