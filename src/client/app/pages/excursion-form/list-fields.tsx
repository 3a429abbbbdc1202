import { useEffect, useRef } from 'react';
import type { FieldShell } from './fields';
import { FormIcon } from './icons';
import { FIELDS } from './strings';

// Fields that grow: a list of text lines, and the button that adds a line or an item.

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
