import { describe, expect, it } from 'vitest';
import {
  addScheduledDateTime,
  canScheduleDateTime,
  draftOf,
  firstInvalidStep,
  isStepValid,
  removeScheduledDateTime,
  upcomingSlots,
} from '../../../src/domain/excursion-form';
import { toggleMarked, withoutMarked } from '../../../src/domain/excursion-form-files';
import {
  excursionFields,
  formValuesOf,
  newExcursionPayload,
} from '../../../src/domain/excursion-form-submit';
import {
  digitsOnly,
  emptyExcursionForm,
  formMaxPeople,
  parseRoubles,
  restoreFormValues,
  servicesProblem,
  submittedServices,
  type ExcursionFormValues,
} from '../../../src/domain/excursion-form-values';
import { initialSeatConfiguration, toggleReservedSeat } from '../../../src/domain/seat-config';
import { createExcursionPayloadSchema, updateExcursionPayloadSchema } from '../../../src/protocol/excursions';
import { makeExcursion, TODAY } from './fixtures';

/** A form the wizard could send: every step filled. */
function filledForm(overrides: Partial<ExcursionFormValues> = {}): ExcursionFormValues {
  return {
    ...emptyExcursionForm(),
    title: ' Ласточкино гнездо ',
    description: 'Замок на скале',
    directions: ['Ялта', '', 'Гаспра '],
    assemblyPoints: ['Набережная', '  '],
    duration: '6 часов',
    category: 'Дворцы',
    city: 'Ялта',
    place: 3,
    included: ['Трансфер', ''],
    notIncluded: [''],
    adultPrice: '1500',
    tours: [{ date: '2026-11-23', time: '09:00' }],
    ...overrides,
  };
}

describe('the empty wizard form', () => {
  it('stops on step 0 and has a coach with all 50 seats on sale', () => {
    const values = emptyExcursionForm();
    expect(firstInvalidStep(draftOf(values, [], TODAY))).toBe(0);
    expect(values.seats.busType).toBe('coach');
    expect(formMaxPeople(values)).toBe(50);
    // One line to type into in each list.
    expect(values.directions).toEqual(['']);
    expect(values.assemblyPoints).toEqual(['']);
  });

  it('passes every step once filled and given a cover', () => {
    expect(firstInvalidStep(draftOf(filledForm(), ['cover.jpg'], TODAY))).toBeNull();
    expect(isStepValid(6, draftOf(filledForm(), [], TODAY))).toBe(false);
  });
});

describe('typed prices', () => {
  it('reads whole roubles and treats an empty optional price as its default', () => {
    expect(parseRoubles('1500')).toBe(1500);
    expect(parseRoubles(' 0 ')).toBe(0);
    expect(parseRoubles('')).toBeNaN();
    expect(parseRoubles('', 0)).toBe(0);
    expect(parseRoubles('12.5')).toBeNaN();
    expect(parseRoubles('-3')).toBeNaN();
  });

  it('keeps only digits, at most seven', () => {
    expect(digitsOnly('1 500 ₽')).toBe('1500');
    expect(digitsOnly('123456789')).toBe('1234567');
  });

  it('an empty adult price fails step 3', () => {
    expect(isStepValid(3, draftOf(filledForm({ adultPrice: '' }), [], TODAY))).toBe(false);
    expect(isStepValid(3, draftOf(filledForm({ adultPrice: '0' }), [], TODAY))).toBe(false);
  });
});

describe('services', () => {
  it('drops entirely blank rows and accepts named ones, an empty price meaning free', () => {
    const services = [
      { name: ' Обед ', price: '500' },
      { name: '', price: '' },
      { name: 'Фото', price: '' },
    ];
    expect(servicesProblem(services)).toBeNull();
    expect(submittedServices(services)).toEqual([
      { name: 'Обед', price: 500 },
      { name: 'Фото', price: 0 },
    ]);
  });

  it('refuses a priced row without a name and names repeated in another case', () => {
    expect(servicesProblem([{ name: '', price: '300' }])).toBe('unnamed');
    expect(
      servicesProblem([
        { name: 'Обед', price: '1' },
        { name: 'обед ', price: '2' },
      ]),
    ).toBe('duplicate');
  });

  it('blocks step 3 while a service row is wrong', () => {
    const values = filledForm({ services: [{ name: '', price: '300' }] });
    expect(isStepValid(3, draftOf(values, [], TODAY))).toBe(false);
  });
});

describe('the first runs (step 4)', () => {
  it('adds a date from today on, normalising the time and keeping calendar order', () => {
    let tours = addScheduledDateTime([], { date: '2026-11-25', time: '18:00' }, TODAY);
    tours = addScheduledDateTime(tours, { date: TODAY, time: '9:05' }, TODAY);
    expect(tours).toEqual([
      { date: TODAY, time: '09:05' },
      { date: '2026-11-25', time: '18:00' },
    ]);
  });

  it('refuses a past day, a missing time and the same date-time twice', () => {
    const tours = [{ date: '2026-11-23', time: '09:00' }];
    expect(canScheduleDateTime(tours, { date: '2026-11-20', time: '10:00' }, TODAY)).toBe(false);
    expect(canScheduleDateTime(tours, { date: '2026-11-23', time: '' }, TODAY)).toBe(false);
    expect(canScheduleDateTime(tours, { date: '2026-11-23', time: '9:00' }, TODAY)).toBe(false);
    expect(addScheduledDateTime(tours, { date: '2026-11-23', time: '09:00' }, TODAY)).toEqual(tours);
    expect(canScheduleDateTime(tours, { date: '2026-11-23', time: '10:00' }, TODAY)).toBe(true);
  });

  it('removes one run', () => {
    const tours = [
      { date: '2026-11-23', time: '09:00' },
      { date: '2026-11-23', time: '18:00' },
    ];
    expect(removeScheduledDateTime(tours, { date: '2026-11-23', time: '09:00' })).toEqual([
      { date: '2026-11-23', time: '18:00' },
    ]);
  });

  it('does not count a run that has passed since the draft was kept', () => {
    const stale = filledForm({ tours: [{ date: '2026-11-20', time: '09:00' }] });
    expect(isStepValid(4, draftOf(stale, [], TODAY))).toBe(false);
    expect(upcomingSlots([...stale.tours, { date: TODAY, time: '20:00' }], TODAY)).toEqual([
      { date: TODAY, time: '20:00' },
    ]);
  });
});

describe('the submitted excursion', () => {
  it('drops blank list items and trims what is kept', () => {
    const fields = excursionFields(filledForm());
    expect(fields.title).toBe('Ласточкино гнездо');
    expect(fields.directions).toEqual(['Ялта', 'Гаспра']);
    expect(fields.assemblyPoints).toEqual(['Набережная']);
    expect(fields.included).toEqual(['Трансфер']);
    expect(fields.notIncluded).toEqual([]);
  });

  it('sends child prices only when children are allowed and entry prices only with tickets', () => {
    const hidden = excursionFields(
      filledForm({ kidPrice: '700', adultEntryPrice: '300', kidEntryPrice: '100', noEntryTickets: true }),
    );
    expect(hidden).toMatchObject({ kidPrice: 0, adultEntryPrice: 0, kidEntryPrice: 0, entryTickets: false });
    const shown = excursionFields(
      filledForm({
        childrenAllowed: true,
        kidPrice: '700',
        noEntryTickets: false,
        adultEntryPrice: '300',
        kidEntryPrice: '',
      }),
    );
    expect(shown).toMatchObject({
      kidPrice: 700,
      adultEntryPrice: 300,
      kidEntryPrice: 0,
      entryTickets: true,
    });
  });

  it('takes maxAttendants from the seats on sale, or the typed count without a bus', () => {
    const van = toggleReservedSeat(initialSeatConfiguration('van'), 1);
    expect(excursionFields(filledForm({ seats: van }))).toMatchObject({
      busType: 'van',
      numberOfRows: 5,
      maxAttendants: 16,
      reservedSeats: [1],
    });
    const none = excursionFields(filledForm({ seats: initialSeatConfiguration('none'), visitorCount: '12' }));
    expect(none).toMatchObject({ busType: 'none', numberOfRows: 0, maxAttendants: 12, availableSeats: [] });
  });

  it('refuses a form without a category or place', () => {
    expect(() => excursionFields(filledForm({ category: '' }))).toThrow(RangeError);
    expect(() => excursionFields(filledForm({ place: null }))).toThrow(RangeError);
  });

  it('builds a new excursion as SPEC §4 says, and the server schema accepts it', () => {
    const values = filledForm({
      adultPrice: '1500',
      childrenAllowed: true,
      kidPrice: '900',
      tours: [
        { date: '2026-11-20', time: '09:00' },
        { date: '2026-11-23', time: '09:00' },
      ],
    });
    const payload = newExcursionPayload(values, 2, TODAY);
    expect(payload).toMatchObject({
      ownerID: 2,
      popularity: 0,
      bestseller: false,
      adultInitPrice: 1500,
      kidInitPrice: 900,
      images: [],
      gallery: [],
      video: '',
      tours: [{ date: '2026-11-23', time: '09:00' }],
    });
    expect(createExcursionPayloadSchema.safeParse(payload).success).toBe(true);
  });
});

describe('the editor form', () => {
  it('fills from a stored excursion and sends the same fields back', () => {
    const stored = makeExcursion({
      busType: 'coach',
      numberOfRows: 3,
      availableSeats: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      reservedSeats: [10],
      maxAttendants: 9,
      directions: ['Ялта'],
      assemblyPoints: ['Вокзал'],
      entryTickets: true,
      adultEntryPrice: 200,
      kidEntryPrice: 100,
      services: [{ name: 'Обед', price: 500 }],
    });
    const values = formValuesOf(stored);
    expect(values.included).toEqual(['']);
    expect(values.noEntryTickets).toBe(false);
    const fields = excursionFields(values);
    expect(fields).toMatchObject({
      title: stored.title,
      adultPrice: 1500,
      kidPrice: 1000,
      adultEntryPrice: 200,
      kidEntryPrice: 100,
      services: [{ name: 'Обед', price: 500 }],
      busType: 'coach',
      numberOfRows: 3,
      reservedSeats: [10],
      maxAttendants: 9,
      included: [],
    });
    expect(updateExcursionPayloadSchema.safeParse(fields).success).toBe(true);
  });

  it('keeps the visitor count of an excursion without a bus', () => {
    expect(formValuesOf(makeExcursion({ busType: 'none', maxAttendants: 25 })).visitorCount).toBe('25');
  });

  it('marks photos and removes the marked ones', () => {
    let marked = toggleMarked([], 'a.webp');
    marked = toggleMarked(marked, 'c.webp');
    marked = toggleMarked(marked, 'a.webp');
    expect(marked).toEqual(['c.webp']);
    expect(withoutMarked(['a.webp', 'b.webp', 'c.webp'], marked)).toEqual(['a.webp', 'b.webp']);
  });
});

describe('a draft read back from storage', () => {
  it('round-trips through JSON', () => {
    const values = filledForm({ seats: toggleReservedSeat(initialSeatConfiguration('van'), 4) });
    expect(restoreFormValues(JSON.parse(JSON.stringify(values)))).toEqual(values);
  });

  it('falls back to the empty form for anything unreadable', () => {
    expect(restoreFormValues(null)).toEqual(emptyExcursionForm());
    expect(restoreFormValues('text')).toEqual(emptyExcursionForm());
    const partial = restoreFormValues({
      title: 'Старый черновик',
      place: 'x',
      difficulty: 'Сверхсложно',
      tours: [1],
    });
    expect(partial.title).toBe('Старый черновик');
    expect(partial.place).toBeNull();
    expect(partial.difficulty).toBe('Легко');
    expect(partial.tours).toEqual([]);
  });

  it('rebuilds the seats, dropping reserved seats the bus does not have', () => {
    const restored = restoreFormValues({
      seats: { busType: 'van', numberOfRows: 1, availableSeats: [], reservedSeats: [2, 2, 99] },
    });
    expect(restored.seats).toEqual({
      busType: 'van',
      numberOfRows: 1,
      availableSeats: [1, 3, 4, 5],
      reservedSeats: [2],
    });
    expect(restoreFormValues({ seats: { busType: 'tram' } }).seats).toEqual(
      initialSeatConfiguration('coach'),
    );
  });
});
