import { describe, it, expect } from 'vitest';
import type { ExcursionDraft } from '../../../src/domain/excursion-form';
import {
  MAX_COVER_IMAGES,
  MAX_GALLERY_IMAGES,
  addCoverImages,
  addGalleryImages,
  dropEmptyItems,
  firstInvalidStep,
  isStepValid,
  limitUploads,
  withoutEmptyItems,
} from '../../../src/domain/excursion-form';

const complete: ExcursionDraft = {
  title: 'Ласточкино гнездо',
  description: 'Замок на скале',
  directions: ['Ялта', 'Гаспра'],
  assemblyPoints: ['Набережная'],
  included: ['Трансфер'],
  notIncluded: [],
  duration: '6 часов',
  category: 'Дворцы',
  city: 'Ялта',
  place: 3,
  adultPrice: 1500,
  tours: [{ date: '2026-11-23', time: '09:00' }],
  maxPeople: 17,
  images: ['cover.jpg'],
};

describe('add-excursion steps', () => {
  it('accepts a complete draft on every step', () => {
    for (let step = 0; step <= 6; step++) expect(isStepValid(step, complete)).toBe(true);
    expect(firstInvalidStep(complete)).toBeNull();
  });

  it('step 0 needs a title and a description that are not blank', () => {
    expect(isStepValid(0, { ...complete, title: '' })).toBe(false);
    expect(isStepValid(0, { ...complete, title: '   ' })).toBe(false);
    expect(isStepValid(0, { ...complete, description: '\n' })).toBe(false);
  });

  it('step 1 needs the first route stage and the first assembly point', () => {
    expect(isStepValid(1, { ...complete, directions: [] })).toBe(false);
    expect(isStepValid(1, { ...complete, directions: [' ', 'Гаспра'] })).toBe(false);
    expect(isStepValid(1, { ...complete, assemblyPoints: [''] })).toBe(false);
  });

  it('step 2 needs a duration and a chosen category, city and place', () => {
    expect(isStepValid(2, { ...complete, duration: ' ' })).toBe(false);
    expect(isStepValid(2, { ...complete, category: '' })).toBe(false);
    expect(isStepValid(2, { ...complete, category: 'Выберите категорию' })).toBe(false);
    expect(isStepValid(2, { ...complete, city: '' })).toBe(false);
    expect(isStepValid(2, { ...complete, place: null })).toBe(false);
    expect(isStepValid(2, { ...complete, place: 0 })).toBe(false);
  });

  it('step 2 accepts every known category', () => {
    expect(isStepValid(2, { ...complete, category: 'Другое' })).toBe(true);
    expect(isStepValid(2, { ...complete, category: 'Водопады' })).toBe(true);
  });

  it('step 3 needs an adult price above 0', () => {
    expect(isStepValid(3, { ...complete, adultPrice: 0 })).toBe(false);
    expect(isStepValid(3, { ...complete, adultPrice: -100 })).toBe(false);
    expect(isStepValid(3, { ...complete, adultPrice: Number.NaN })).toBe(false);
    expect(isStepValid(3, { ...complete, adultPrice: 1 })).toBe(true);
  });

  it('step 4 needs at least one scheduled date-time', () => {
    expect(isStepValid(4, { ...complete, tours: [] })).toBe(false);
    expect(isStepValid(4, { ...complete, tours: [{ date: '2026-11-23', time: '' }] })).toBe(false);
    expect(isStepValid(4, { ...complete, tours: [{ date: '', time: '09:00' }] })).toBe(false);
    expect(
      isStepValid(4, {
        ...complete,
        tours: [
          { date: '', time: '' },
          { date: '2026-11-24', time: '18:00' },
        ],
      }),
    ).toBe(true);
  });

  it('step 5 needs maxPeople above 0', () => {
    expect(isStepValid(5, { ...complete, maxPeople: 0 })).toBe(false);
    expect(isStepValid(5, { ...complete, maxPeople: 1 })).toBe(true);
  });

  it('step 6 needs at least one cover image', () => {
    expect(isStepValid(6, { ...complete, images: [] })).toBe(false);
  });

  it('has nothing to check on the success step', () => {
    expect(isStepValid(7, { ...complete, title: '' })).toBe(true);
  });

  it('reports the first step that fails', () => {
    expect(firstInvalidStep({ ...complete, adultPrice: 0, images: [] })).toBe(3);
  });
});

describe('dropping empty items on submit', () => {
  it('drops empty and blank items and keeps the others as typed', () => {
    expect(dropEmptyItems(['Ялта', '', '  ', ' Гаспра '])).toEqual(['Ялта', ' Гаспра ']);
  });

  it('cleans directions, assembly points, included and not included', () => {
    const cleaned = withoutEmptyItems({
      ...complete,
      directions: ['Ялта', ''],
      assemblyPoints: ['', 'Набережная'],
      included: [' '],
      notIncluded: ['Обед', ''],
    });
    expect(cleaned.directions).toEqual(['Ялта']);
    expect(cleaned.assemblyPoints).toEqual(['Набережная']);
    expect(cleaned.included).toEqual([]);
    expect(cleaned.notIncluded).toEqual(['Обед']);
    expect(cleaned.title).toBe(complete.title);
  });
});

describe('upload limits', () => {
  it('keeps at most 3 cover images, cutting off the extras', () => {
    expect(MAX_COVER_IMAGES).toBe(3);
    expect(addCoverImages(['a'], ['b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c']);
  });

  it('adds nothing to full covers', () => {
    expect(addCoverImages(['a', 'b', 'c'], ['d'])).toEqual(['a', 'b', 'c']);
  });

  it('keeps at most 50 gallery images', () => {
    expect(MAX_GALLERY_IMAGES).toBe(50);
    const existing = Array.from({ length: 48 }, (_, i) => `g${i}`);
    const result = addGalleryImages(existing, ['x', 'y', 'z']);
    expect(result).toHaveLength(50);
    expect(result.slice(-2)).toEqual(['x', 'y']);
  });

  it('treats a negative limit as zero', () => {
    expect(limitUploads(['a'], ['b'], -1)).toEqual([]);
  });
});
