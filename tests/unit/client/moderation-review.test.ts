import { describe, expect, it } from 'vitest';
import { MODERATION_REVIEW } from '../../../src/client/app/pages/admin/moderation-strings';
import { telHref } from '../../../src/client/app/components/moderation/contact';
import {
  crimeaDisplayDate,
  moderationEventText,
} from '../../../src/client/app/components/moderation/history';

// How the moderation queue and the seller's page word an excursion's review: dates, events, contacts.

describe('an excursion’s review history', () => {
  it('dates an event by the Crimean calendar, whatever the instant’s zone', () => {
    expect(crimeaDisplayDate('2026-07-10T06:00:00.000Z')).toBe('10.07.2026');
    // 22:30 UTC is already half past one in the morning in Crimea.
    expect(crimeaDisplayDate('2026-07-10T22:30:00.000Z')).toBe('11.07.2026');
    expect(crimeaDisplayDate('2026-12-31T21:00:00Z')).toBe('01.01.2027');
  });

  it('shows a malformed instant as it is', () => {
    expect(crimeaDisplayDate('вчера')).toBe('вчера');
  });

  it('names each kind of event, a refusal with its reason', () => {
    expect(moderationEventText({ kind: 'submitted', reason: '' })).toBe('Отправлена на проверку');
    expect(moderationEventText({ kind: 'rejected', reason: ' Нет фото маршрута ' })).toBe(
      'Отклонена: Нет фото маршрута',
    );
    expect(moderationEventText({ kind: 'rejected', reason: '' })).toBe('Отклонена');
    expect(moderationEventText({ kind: 'resubmitted', reason: '' })).toBe('Отправлена повторно');
    expect(moderationEventText({ kind: 'published', reason: '' })).toBe('Опубликована');
  });
});

describe('the seller’s contacts on a queue card', () => {
  it('dials a stored Russian number in the international form', () => {
    expect(telHref('89781234567')).toBe('tel:+79781234567');
    expect(telHref('+7 (978) 123-45-67')).toBe('tel:+79781234567');
  });

  it('dials anything else as it is, digits only', () => {
    expect(telHref('55-12-34')).toBe('tel:551234');
  });

  it('names the seller by name and surname, by id when both are empty', () => {
    expect(MODERATION_REVIEW.sellerName('Анна', 'Орлова', 7)).toBe('Анна Орлова');
    expect(MODERATION_REVIEW.sellerName(' Анна ', '', 7)).toBe('Анна');
    expect(MODERATION_REVIEW.sellerName('', '  ', 7)).toBe('Продавец ID 7');
  });
});
