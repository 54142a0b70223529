import { type ReactNode, useId } from 'react';

/*
 * The application forms' choices, in the donate form's markup (../donate/donate.css): radios and
 * checkboxes in a fieldset with their error under them, each control marked invalid and described by
 * the error, so a screen reader says why and the form can move the focus to the first one.
 */

interface ChoiceFieldProps {
  label: ReactNode;
  value: string;
  options: readonly { value: string; label: ReactNode }[];
  onChange: (value: string) => void;
  error?: string;
  description?: ReactNode;
}

/** Native radios: arrow keys move the choice, as the browser does it; nothing chosen until the person chooses. */
export function ChoiceField({ label, value, options, onChange, error, description }: ChoiceFieldProps) {
  const name = useId();
  const describedBy = [description ? `${name}-description` : '', error ? `${name}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="choice-group" aria-describedby={describedBy || undefined}>
      <legend className="field-label">
        {label}
        <span className="field-required" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      {description ? (
        <p className="field-description" id={`${name}-description`}>
          {description}
        </p>
      ) : null}
      <div className="choice-row">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange(event.currentTarget.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface CheckFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** Shown after the label: a link the label must not swallow (the privacy notice). */
  after?: ReactNode;
}

/** One required box (consent, the home visit), with its error. */
export function CheckField({ label, checked, onChange, error, after }: CheckFieldProps) {
  const id = useId();
  return (
    <div>
      <div className="choice-field">
        <input
          type="checkbox"
          id={id}
          checked={checked}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <div>
          <label htmlFor={id}>{label}</label>
          {after}
        </div>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface ManyChoicesProps {
  label: ReactNode;
  values: readonly string[];
  options: readonly { value: string; label: ReactNode }[];
  onChange: (values: string[]) => void;
  error?: string;
}

/** Checkboxes for a list (the days a volunteer can come), kept in the options' order. */
export function ManyChoicesField({ label, values, options, onChange, error }: ManyChoicesProps) {
  const name = useId();
  const toggle = (value: string, on: boolean) =>
    onChange(options.map((option) => option.value).filter((v) => (v === value ? on : values.includes(v))));
  return (
    <fieldset className="choice-group" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="field-label">
        {label}
        <span className="field-required" aria-hidden="true">
          {' *'}
        </span>
      </legend>
      <div className="choice-row">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={values.includes(option.value)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
