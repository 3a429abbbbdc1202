import { describe, expect, it } from 'vitest';
import { DEFAULT_FREE_CANCEL_HOURS } from '../../../src/domain/cancellation';
import { draftOf, firstInvalidStep, isStepValid } from '../../../src/domain/excursion-form';
import {
  excursionFields,
  formValuesOf,
  newExcursionPayload,
} from '../../../src/domain/excursion-form-submit';
import {
  emptyExcursionForm,
  FREE_CANCEL_HOURS_LIMIT,
  parseFreeCancelHours,
  restoreFormValues,
  type ExcursionFormValues,
} from '../../../src/domain/excursion-form-values';
import { createExcursionPayloadSchema, updateExcursionPayloadSchema } from '../../../src/protocol/excursions';
import { MAX_FREE_CANCEL_HOURS } from '../../../src/protocol/primitives';
import { makeExcursion, TODAY } from './fixtures';

// The seller's free-cancellation window in the wizard and the editor: 'Бесплатная отмена, часов до
// начала', 24 unless changed, 0–720 whole hours, sent as freeCancelHours.

function filledForm(overrides: Partial<ExcursionFormValues> = {}): ExcursionFormValues {
  return {
    ...emptyExcursionForm(),
    title: 'Ласточкино гнездо',
    description: 'Замок на скале',
    directions: ['Ялта'],
    assemblyPoints: ['Набережная'],
    duration: '6 часов',
    category: 'Дворцы',
    city: 'Ялта',
    place: 3,
    adultPrice: '1500',
    tours: [{ date: '2026-11-23', time: '09:00' }],
    ...overrides,
  };
}

describe('the free-cancellation field', () => {
  it('starts at 24 hours and is sent as a number the server accepts', () => {
    expect(emptyExcursionForm().freeCancelHours).toBe(String(DEFAULT_FREE_CANCEL_HOURS));
    const payload = newExcursionPayload(filledForm(), 2, TODAY);
    expect(payload.freeCancelHours).toBe(24);
    expect(createExcursionPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('sends 0 (no free cancellation) and 720, the longest window', () => {
    for (const hours of [0, 720]) {
      const payload = newExcursionPayload(filledForm({ freeCancelHours: String(hours) }), 2, TODAY);
      expect(payload.freeCancelHours).toBe(hours);
      expect(createExcursionPayloadSchema.safeParse(payload).success).toBe(true);
    }
  });

  it('reads whole hours from 0 to 720 only, an empty field included', () => {
    expect(parseFreeCancelHours('48')).toBe(48);
    expect(parseFreeCancelHours(' 0 ')).toBe(0);
    expect(parseFreeCancelHours('721')).toBeNaN();
    expect(parseFreeCancelHours('')).toBeNaN();
    expect(parseFreeCancelHours('1.5')).toBeNaN();
    // The form's limit is the one the server enforces.
    expect(FREE_CANCEL_HOURS_LIMIT).toBe(MAX_FREE_CANCEL_HOURS);
  });

  it('holds the wizard on step 3 while the hours are out of range or empty', () => {
    const covers = ['cover.jpg'];
    expect(firstInvalidStep(draftOf(filledForm({ freeCancelHours: '721' }), covers, TODAY))).toBe(3);
    expect(isStepValid(3, draftOf(filledForm({ freeCancelHours: '' }), covers, TODAY))).toBe(false);
    expect(firstInvalidStep(draftOf(filledForm({ freeCancelHours: '72' }), covers, TODAY))).toBeNull();
  });

  it('is filled by the editor from the excursion, 24 when the excursion has none', () => {
    const own = formValuesOf(
      makeExcursion({ freeCancelHours: 72, directions: ['Ялта'], assemblyPoints: ['Вокзал'] }),
    );
    expect(own.freeCancelHours).toBe('72');
    const fields = excursionFields(own);
    expect(fields.freeCancelHours).toBe(72);
    expect(updateExcursionPayloadSchema.safeParse(fields).success).toBe(true);

    const stored = makeExcursion();
    delete stored.freeCancelHours;
    expect(formValuesOf(stored).freeCancelHours).toBe('24');
    expect(formValuesOf(makeExcursion({ freeCancelHours: 0 })).freeCancelHours).toBe('0');
  });

  it('survives a kept draft, and a draft kept before the field existed gets 24', () => {
    const kept = restoreFormValues(JSON.parse(JSON.stringify(filledForm({ freeCancelHours: '6' }))));
    expect(kept.freeCancelHours).toBe('6');
    const older: Record<string, unknown> = JSON.parse(JSON.stringify(filledForm()));
    delete older.freeCancelHours;
    expect(restoreFormValues(older).freeCancelHours).toBe('24');
  });
});
