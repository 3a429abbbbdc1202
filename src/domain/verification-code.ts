// The six single-digit boxes of the login code step (SPEC §2, §5).

export const CODE_LENGTH = 6;

export type CodeBoxes = readonly string[];

export function emptyCode(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '');
}

/**
 * What a box keeps after typing: the last digit entered, or '' when nothing typed is a digit. Taking the
 * last digit lets a user type over a filled box without clearing it first.
 */
export function filterBoxInput(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '');
  return digits.slice(-1);
}

/** Sets one box to the filtered input; an index outside the boxes changes nothing. */
export function setCodeBox(boxes: CodeBoxes, index: number, raw: string): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= CODE_LENGTH) return [...boxes];
  const next = normaliseBoxes(boxes);
  next[index] = filterBoxInput(raw);
  return next;
}

/**
 * A paste fills all boxes only when it is exactly six digits; anything else clears them. Surrounding
 * whitespace is ignored because copying a code out of an e-mail often brings a trailing space or newline.
 */
export function pasteCode(text: string): string[] {
  const trimmed = text.trim();
  return new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(trimmed) ? trimmed.split('') : emptyCode();
}

/** Complete when every box holds one digit; the code is then submitted automatically. */
export function isCodeComplete(boxes: CodeBoxes): boolean {
  return boxes.length === CODE_LENGTH && boxes.every((box) => /^[0-9]$/.test(box));
}

export function codeFromBoxes(boxes: CodeBoxes): string {
  return boxes.join('');
}

/** Focus after typing into box `index`: the next box when a digit landed, else stay. */
export function focusAfterInput(index: number, boxValue: string): number {
  return boxValue === '' ? index : Math.min(index + 1, CODE_LENGTH - 1);
}

/** Focus after backspace in box `index`: back one box only if this box was already empty. */
export function focusAfterBackspace(index: number, boxValue: string): number {
  return boxValue === '' ? Math.max(index - 1, 0) : index;
}

export interface BoxInput {
  boxes: string[];
  /** The box to focus next. */
  focus: number;
}

/**
 * What typing into box `index` does. Usually one digit lands and focus moves on; but a phone's
 * one-time-code autofill puts the whole code into the focused box as typed input, not as a paste,
 * so six digits arriving at once fill every box, like a paste of them would.
 */
export function applyBoxInput(boxes: CodeBoxes, index: number, raw: string): BoxInput {
  const digits = raw.replace(/[^0-9]/g, '');
  if (digits.length === CODE_LENGTH) return { boxes: pasteCode(digits), focus: CODE_LENGTH - 1 };
  const next = setCodeBox(boxes, index, raw);
  return { boxes: next, focus: focusAfterInput(index, next[index] ?? '') };
}

function normaliseBoxes(boxes: CodeBoxes): string[] {
  return Array.from({ length: CODE_LENGTH }, (_, i) => boxes[i] ?? '');
}
