import { describe, it, expect } from 'vitest';
import {
  pluralCategory,
  pluralize,
  seatWord,
  seatsLabel,
  showExcursionsLabel,
} from '../../../src/domain/plural';

describe('pluralCategory', () => {
  it.each([
    [0, 'many'],
    [1, 'one'],
    [2, 'few'],
    [4, 'few'],
    [5, 'many'],
    [11, 'many'],
    [12, 'many'],
    [13, 'many'],
    [14, 'many'],
    [21, 'one'],
    [22, 'few'],
    [25, 'many'],
    [101, 'one'],
    [111, 'many'],
    [112, 'many'],
    [1001, 'one'],
  ] as const)('puts %i in the %s category', (n, category) => {
    expect(pluralCategory(n)).toBe(category);
  });

  it('judges a negative count by its size', () => {
    expect(pluralCategory(-1)).toBe('one');
    expect(pluralCategory(-12)).toBe('many');
  });

  it('uses the genitive singular for fractions', () => {
    expect(pluralCategory(1.5)).toBe('few');
  });
});

describe('pluralize', () => {
  it('picks the form of the category', () => {
    const forms = ['день', 'дня', 'дней'] as const;
    expect(pluralize(1, forms)).toBe('день');
    expect(pluralize(3, forms)).toBe('дня');
    expect(pluralize(7, forms)).toBe('дней');
  });
});

describe('seatWord', () => {
  it.each([
    [0, 'мест'],
    [1, 'место'],
    [2, 'места'],
    [4, 'места'],
    [5, 'мест'],
    [11, 'мест'],
    [12, 'мест'],
    [13, 'мест'],
    [14, 'мест'],
    [21, 'место'],
    [22, 'места'],
    [25, 'мест'],
    [101, 'место'],
    [111, 'мест'],
    [112, 'мест'],
  ] as const)('says %i %s', (n, word) => {
    expect(seatWord(n)).toBe(word);
  });

  it('prefixes the count for the ticket detail', () => {
    expect(seatsLabel(3)).toBe('3 места');
    expect(seatsLabel(1)).toBe('1 место');
    expect(seatsLabel(50)).toBe('50 мест');
  });
});

describe('showExcursionsLabel', () => {
  it.each([
    [0, 'Показать 0 экскурсий'],
    [1, 'Показать 1 экскурсию'],
    [2, 'Показать 2 экскурсии'],
    [4, 'Показать 4 экскурсии'],
    [5, 'Показать 5 экскурсий'],
    [11, 'Показать 11 экскурсий'],
    [14, 'Показать 14 экскурсий'],
    [21, 'Показать 21 экскурсию'],
    [23, 'Показать 23 экскурсии'],
    [111, 'Показать 111 экскурсий'],
  ] as const)('labels %i as %s', (n, label) => {
    expect(showExcursionsLabel(n)).toBe(label);
  });
});
