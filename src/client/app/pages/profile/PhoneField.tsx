import { useEffect, useRef } from 'react';
import type { InputMask } from 'imask';
import { formatPhone, toImaskPattern } from '../../../../domain/phone';

export interface PhoneFieldProps {
  id: string;
  /** The saved phone (digits) the field starts from. */
  initial: string;
  /** The text as the field shows it, e.g. '8(978)123-45'. */
  onChange: (masked: string) => void;
  invalid: boolean;
  describedBy?: string;
}

/**
 * The phone input with the mask 8(999)999-99-99 (SPEC §5). imask is loaded with this lazy page only;
 * until it arrives the domain's own formatter keeps the same shape, so a fast typist loses nothing.
 * The input is uncontrolled: imask owns its text and caret, and reports each accepted change.
 */
export function PhoneField({ id, initial, onChange, invalid, describedBy }: PhoneFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const mask = useRef<InputMask<{ mask: string }> | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    void import('imask').then(({ default: IMask }) => {
      const element = input.current;
      if (cancelled || !element) return;
      const attached = IMask(element, { mask: toImaskPattern() });
      attached.on('accept', () => report.current(attached.value));
      mask.current = attached;
    });
    return () => {
      cancelled = true;
      mask.current?.destroy();
      mask.current = null;
    };
  }, []);

  return (
    <input
      ref={input}
      id={id}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="8(___)___-__-__"
      required
      aria-required="true"
      aria-invalid={invalid}
      aria-describedby={describedBy}
      defaultValue={formatPhone(initial)}
      onChange={(event) => {
        if (mask.current) return;
        const text = formatPhone(event.target.value);
        event.target.value = text;
        onChange(text);
      }}
    />
  );
}
