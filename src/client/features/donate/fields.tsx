import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/*
 * The donate form's fields as plain elements styled by ./donate.css: the page's first load carries
 * React and the form, not a component library (Mantine's core was about 30 KB gzip of it). Each
 * field's id comes from React's useId, the same in the prerendered HTML and after hydration.
 */

interface FieldProps {
  label: ReactNode;
  /** Marks the label with an asterisk (the input says aria-required itself). */
  withAsterisk?: boolean;
  description?: ReactNode;
  error?: ReactNode;
}

interface FieldIds {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A label, an optional description, the control, and its error message, wired by ids. */
function Field({
  label,
  withAsterisk,
  description,
  error,
  control,
}: FieldProps & { control: (ids: FieldIds) => ReactNode }) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        {withAsterisk ? (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <p className="field-description" id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      {control({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, withAsterisk, description, error, className, ...input }: InputProps) {
  return (
    <Field
      label={label}
      withAsterisk={withAsterisk}
      description={description}
      error={error}
      control={(ids) => <input type="text" {...input} {...ids} className={className ?? 'field-input'} />}
    />
  );
}

type TextAreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, withAsterisk, description, error, ...textarea }: TextAreaProps) {
  return (
    <Field
      label={label}
      withAsterisk={withAsterisk}
      description={description}
      error={error}
      control={(ids) => <textarea {...textarea} {...ids} className="field-input field-textarea" />}
    />
  );
}

type SelectProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { data: readonly { value: string; label: string }[] };

export function SelectField({ label, withAsterisk, description, error, data, ...select }: SelectProps) {
  return (
    <Field
      label={label}
      withAsterisk={withAsterisk}
      description={description}
      error={error}
      control={(ids) => (
        <select {...select} {...ids} className="field-input field-select">
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

interface RadioGroupProps<T extends string> {
  label: ReactNode;
  description?: ReactNode;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: string) => void;
}

/** Native radios in a fieldset: arrow keys move the choice, as the browser does it. */
export function RadioGroup<T extends string>({ label, description, value, options, onChange }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="choice-group" aria-describedby={description ? `${name}-description` : undefined}>
      <legend className="field-label">{label}</legend>
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
              onChange={(event) => onChange(event.currentTarget.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface CheckboxProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ label, description, checked, onChange }: CheckboxProps) {
  const id = useId();
  return (
    <div className="choice-field">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {description ? (
          <p className="field-description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A boxed note (Mantine's light Alert, as plain markup): role="note", an optional title. */
export function Note({
  title,
  tone = 'brand',
  className,
  children,
}: {
  title?: ReactNode;
  tone?: 'brand' | 'yellow';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="note" className={`note note-${tone}${className ? ` ${className}` : ''}`}>
      {title ? <p className="note-title">{title}</p> : null}
      {children}
    </div>
  );
}
