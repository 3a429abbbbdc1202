import { describe, it, expect } from 'vitest';
import {
  applyBoxInput,
  CODE_LENGTH,
  codeFromBoxes,
  emptyCode,
  filterBoxInput,
  focusAfterBackspace,
  focusAfterInput,
  isCodeComplete,
  pasteCode,
  setCodeBox,
} from '../../../src/domain/verification-code';

describe('code boxes', () => {
  it('has six empty boxes at first', () => {
    expect(CODE_LENGTH).toBe(6);
    expect(emptyCode()).toEqual(['', '', '', '', '', '']);
  });

  it('keeps a typed digit', () => {
    expect(filterBoxInput('7')).toBe('7');
  });

  it('refuses anything that is not a digit 0-9', () => {
    expect(filterBoxInput('a')).toBe('');
    expect(filterBoxInput('-')).toBe('');
    expect(filterBoxInput('٣')).toBe('');
    expect(filterBoxInput('')).toBe('');
  });

  it('keeps the last digit when typing over a filled box', () => {
    expect(filterBoxInput('38')).toBe('8');
    expect(filterBoxInput('3x')).toBe('3');
  });

  it('sets one box and leaves the others', () => {
    expect(setCodeBox(['1', '', '', '', '', ''], 1, '2')).toEqual(['1', '2', '', '', '', '']);
    expect(setCodeBox(['1', '2', '', '', '', ''], 1, 'z')).toEqual(['1', '', '', '', '', '']);
  });

  it('ignores an index outside the boxes', () => {
    expect(setCodeBox(emptyCode(), 6, '1')).toEqual(emptyCode());
    expect(setCodeBox(emptyCode(), -1, '1')).toEqual(emptyCode());
  });
});

describe('pasteCode', () => {
  it('fills all boxes from six digits', () => {
    expect(pasteCode('123456')).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('ignores whitespace around the pasted code', () => {
    expect(pasteCode(' 123456\n')).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('clears the boxes for text with anything but digits', () => {
    expect(pasteCode('12a456')).toEqual(emptyCode());
    expect(pasteCode('123 456')).toEqual(emptyCode());
  });

  it('clears the boxes for too few or too many digits', () => {
    expect(pasteCode('12345')).toEqual(emptyCode());
    expect(pasteCode('1234567')).toEqual(emptyCode());
    expect(pasteCode('')).toEqual(emptyCode());
  });
});

describe('completion', () => {
  it('is complete when all six boxes hold a digit', () => {
    const boxes = ['1', '2', '3', '4', '5', '6'];
    expect(isCodeComplete(boxes)).toBe(true);
    expect(codeFromBoxes(boxes)).toBe('123456');
  });

  it('is incomplete with an empty box or a wrong number of boxes', () => {
    expect(isCodeComplete(['1', '2', '3', '', '5', '6'])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5'])).toBe(false);
    expect(isCodeComplete(['12', '3', '4', '5', '6', ''])).toBe(false);
  });
});

describe('focus', () => {
  it('moves to the next box after a digit, staying on the last', () => {
    expect(focusAfterInput(0, '4')).toBe(1);
    expect(focusAfterInput(5, '4')).toBe(5);
  });

  it('stays when the typed character was refused', () => {
    expect(focusAfterInput(2, '')).toBe(2);
  });

  it('goes back on backspace only from an empty box, never before the first', () => {
    expect(focusAfterBackspace(3, '')).toBe(2);
    expect(focusAfterBackspace(3, '7')).toBe(3);
    expect(focusAfterBackspace(0, '')).toBe(0);
  });
});

describe('applyBoxInput', () => {
  it('puts a typed digit in its box and moves focus to the next', () => {
    expect(applyBoxInput(emptyCode(), 0, '4')).toEqual({ boxes: ['4', '', '', '', '', ''], focus: 1 });
  });

  it('stays on the last box after its digit', () => {
    const boxes = ['1', '2', '3', '4', '5', ''];
    expect(applyBoxInput(boxes, 5, '6')).toEqual({ boxes: ['1', '2', '3', '4', '5', '6'], focus: 5 });
  });

  it('keeps focus and leaves the box empty for a refused character', () => {
    expect(applyBoxInput(['1', '', '', '', '', ''], 1, 'x')).toEqual({
      boxes: ['1', '', '', '', '', ''],
      focus: 1,
    });
  });

  it('fills every box when autofill drops the whole code into one box', () => {
    expect(applyBoxInput(emptyCode(), 0, '987654')).toEqual({
      boxes: ['9', '8', '7', '6', '5', '4'],
      focus: 5,
    });
    expect(applyBoxInput(['1', '', '', '', '', ''], 2, '987654').boxes).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
    ]);
  });

  it('types over a filled box with the new digit when a few digits arrive', () => {
    expect(applyBoxInput(['3', '', '', '', '', ''], 0, '38')).toEqual({
      boxes: ['8', '', '', '', '', ''],
      focus: 1,
    });
  });
});
