import { useId, type ReactNode } from 'react';
import { digitsOnly } from '../../../../domain/excursion-form-values';
import { FIELDS } from './strings';

// The labelled inputs every section is made of: one look, one way to mark a field required, every
// input named for assistive tech, every touch target at least 44 px.

export interface FieldShell {
  label: string;
  hint?: string;
  required?: boolean;
}

/** The label names the field exactly; the required mark sits beside it (aria-required says it aloud). */
function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <div className="xf-label">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span className="xf-required" aria-hidden="true" title={FIELDS.required}>
          {' *'}
        </span>
      )}
    </div>
  );
}

function Hint({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="xf-hint" id={id}>
      {text}
    </p>
  ) : null;
}

export function TextField({
  label,
  hint,
  required,
  value,
  onChange,
  placeholder,
  maxLength = 200,
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="xf-field">
      <Label htmlFor={id} label={label} required={required} />
      <input
        id={id}
        className="xf-input"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Hint id={`${id}-hint`} text={hint} />
    </div>
  );
}

export function TextArea({
  label,
  hint,
  required,
  value,
  onChange,
  maxLength = 10_000,
}: FieldShell & { value: string; onChange: (value: string) => void; maxLength?: number }) {
  const id = useId();
  return (
    <div className="xf-field">
      <Label htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        className="xf-input xf-textarea"
        value={value}
        rows={6}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Hint id={`${id}-hint`} text={hint} />
    </div>
  );
}

/** Whole roubles or a count: digits only, a numeric keypad on a phone. */
export function NumberField({
  label,
  hint,
  required,
  value,
  onChange,
  placeholder,
}: FieldShell & { value: string; onChange: (value: string) => void; placeholder?: string }) {
  const id = useId();
  return (
    <div className="xf-field">
      <Label htmlFor={id} label={label} required={required} />
      <input
        id={id}
        className="xf-input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(digitsOnly(event.target.value))}
      />
      <Hint id={`${id}-hint`} text={hint} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select whose placeholder (value '') is shown but never counts as a choice. */
export function SelectField({
  label,
  required,
  value,
  onChange,
  placeholder,
  options,
}: FieldShell & {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: readonly SelectOption[];
}) {
  const id = useId();
  return (
    <div className="xf-field">
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        className="xf-input xf-select"
        value={value}
        aria-required={required || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="xf-check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** A group of labelled choices shown as big buttons (difficulty, bus type). */
export function ChoiceField<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
}) {
  const name = useId();
  return (
    <fieldset className="xf-fieldset">
      <legend className="xf-label">{label}</legend>
      <div className="xf-choices">
        {options.map((option) => (
          <label key={option.value} className={`xf-choice${option.value === value ? ' checked' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A titled group of fields inside a step or a tab. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="xf-section">
      {title && <h2 className="xf-section-title">{title}</h2>}
      {children}
    </section>
  );
}
