import { useId, useRef, useEffect, type ReactNode } from 'react';
import { digitsOnly } from '../../../../domain/excursion-form';
import { FormIcon } from './icons';
import { FIELDS } from './strings';

// The labelled inputs every section is made of: one look, one way to mark a field required, every
// input named for assistive tech, every touch target at least 44 px.

interface FieldShell {
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

/**
 * A list of text lines (route stages, assembly points, included items): add a line, remove any line
 * while more than one remains. Blank lines are harmless: they are dropped on submit (SPEC §5).
 */
export function TextListField({
  label,
  hint,
  required,
  items,
  onChange,
  itemLabel,
  addLabel,
  placeholder,
}: FieldShell & {
  items: readonly string[];
  onChange: (items: string[]) => void;
  itemLabel: (n: number) => string;
  addLabel: string;
  placeholder?: (n: number) => string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const added = useRef(false);
  useEffect(() => {
    // A line just added gets the focus, so the user can type straight away.
    if (!added.current) return;
    added.current = false;
    list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
  }, [items.length]);

  const set = (index: number, value: string) =>
    onChange(items.map((item, i) => (i === index ? value : item)));
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));
  const add = () => {
    added.current = true;
    onChange([...items, '']);
  };

  return (
    <fieldset className="xf-fieldset">
      <legend className="xf-label">
        {label}
        {required && (
          <span className="xf-required" aria-hidden="true" title={FIELDS.required}>
            {' *'}
          </span>
        )}
      </legend>
      {hint && <p className="xf-hint">{hint}</p>}
      <ol className="xf-list" ref={list}>
        {items.map((item, index) => (
          <li key={index}>
            <span className="xf-list-number" aria-hidden="true">
              {index + 1}
            </span>
            <input
              className="xf-input"
              value={item}
              maxLength={500}
              aria-label={itemLabel(index + 1)}
              aria-required={(required && index === 0) || undefined}
              placeholder={placeholder?.(index + 1)}
              onChange={(event) => set(index, event.target.value)}
            />
            {items.length > 1 && (
              <button
                type="button"
                className="xf-icon-button"
                aria-label={FIELDS.remove(itemLabel(index + 1))}
                onClick={() => remove(index)}
              >
                <FormIcon name="trash" />
              </button>
            )}
          </li>
        ))}
      </ol>
      <AddButton label={addLabel} onClick={add} />
    </fieldset>
  );
}

export function AddButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="xf-add" onClick={onClick} disabled={disabled}>
      <FormIcon name="plus" />
      {label}
    </button>
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
