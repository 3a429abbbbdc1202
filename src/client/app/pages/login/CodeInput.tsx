import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  applyBoxInput,
  CODE_LENGTH,
  codeFromBoxes,
  focusAfterBackspace,
  isCodeComplete,
  pasteCode,
  type CodeBoxes,
} from '../../../../domain/verification-code';
import { LOGIN } from './strings';

interface CodeInputProps {
  boxes: CodeBoxes;
  onChange: (boxes: string[]) => void;
  /** Called once all six boxes hold a digit (SPEC §4: the code is submitted automatically). */
  onComplete: (code: string) => void;
  /** While the code is being checked: the boxes stay focusable but cannot change. */
  readOnly: boolean;
  invalid: boolean;
  labelledBy: string;
  describedBy?: string;
  /** Bumped by the parent to put focus back on the first box (after a wrong code). */
  focusSignal: number;
}

/** The six single-digit boxes of SPEC §5: typing moves on, backspace on an empty box goes back. */
export function CodeInput(props: CodeInputProps) {
  const { boxes, onChange, onComplete, readOnly, invalid, labelledBy, describedBy, focusSignal } = props;
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = refs.current[index];
    box?.focus();
    box?.select();
  };

  useEffect(() => {
    const first = refs.current[0];
    first?.focus();
    first?.select();
  }, [focusSignal]);

  const update = (next: string[], focus: number) => {
    onChange(next);
    focusBox(focus);
    if (isCodeComplete(next)) onComplete(codeFromBoxes(next));
  };

  const onInput = (index: number, raw: string) => {
    if (readOnly) return;
    const { boxes: next, focus } = applyBoxInput(boxes, index, raw);
    update(next, focus);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (boxes[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      focusBox(focusAfterBackspace(index, ''));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  // SPEC §5: a paste is taken only when it is the whole code in digits; anything else clears.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (readOnly) return;
    const next = pasteCode(event.clipboardData.getData('text'));
    update(next, isCodeComplete(next) ? CODE_LENGTH - 1 : 0);
  };

  return (
    <div
      className={`code-boxes${invalid ? ' code-boxes-invalid' : ''}`}
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
          className="code-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={LOGIN.code.box(index + 1, CODE_LENGTH)}
          aria-invalid={invalid}
          value={boxes[index] ?? ''}
          readOnly={readOnly}
          // onInput, not onChange: React drops a change that leaves the value as it was, so typing the
          // same digit over a selected box would not move on to the next one.
          onInput={(event) => onInput(index, event.currentTarget.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
