import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/client/api/http';
import { formatCrimeaInstant } from '../../../src/domain/cancellation';
import { ReplicaProvider } from '../../../src/client/app/hooks/replica';
import { BookingForm } from '../../../src/client/app/pages/booking/BookingForm';
import { PriceBlock } from '../../../src/client/app/pages/excursion/PriceBlock';
import { payTicket } from '../../../src/client/commands/booking';
import type { ReplicaDb } from '../../../src/client/db/schema';
import { withPlainSpaces } from '../../../src/domain/pricing';
import { hexId } from '../domain/fixtures';
import { memoryStorage } from '../../support/client';
import { openReplica, rowExcursion, rowTour } from './fixtures';

// The cancellation policy buyers read before booking (the excursion and booking pages), deadlines in
// Crimean time, and paying a held ticket needing a connection.

let db: ReplicaDb | undefined;
afterEach(() => db?.close());

const plain = (html: string) => withPlainSpaces(html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));

function excursionPage(freeCancelHours: number | undefined): string {
  const excursion = rowExcursion({ _id: hexId(1) });
  if (freeCancelHours === undefined) delete excursion.freeCancelHours;
  else excursion.freeCancelHours = freeCancelHours;
  return plain(renderToString(createElement(PriceBlock, { excursion })));
}

function bookingPage(freeCancelHours: number): string {
  db = openReplica();
  const excursion = rowExcursion({ _id: hexId(1), freeCancelHours, assemblyPoints: ['Ялта'] });
  const tour = rowTour({ _id: hexId(11), excursionID: excursion._id, date: '2099-06-12', time: '09:00' });
  return plain(
    renderToString(
      createElement(
        ReplicaProvider,
        { db },
        createElement(
          MemoryRouter,
          { initialEntries: [`/booking/${excursion._id}`] },
          createElement(BookingForm, { excursion, tours: [tour], userId: 7 }),
        ),
      ),
    ),
  );
}

describe('the cancellation policy before booking', () => {
  it('on the excursion page: 24 hours unless the seller set another window', () => {
    expect(excursionPage(undefined)).toContain('Бесплатная отмена за 24 ч до начала');
    expect(excursionPage(72)).toContain('Бесплатная отмена за 72 ч до начала');
  });

  it('says plainly when a paid ticket is not returned', () => {
    const text = excursionPage(0);
    expect(text).toContain('Без бесплатной отмены: оплаченный билет не возвращается');
    expect(text).not.toContain('за 0 ч');
  });

  it('on the booking page too', () => {
    expect(bookingPage(48)).toContain('Бесплатная отмена за 48 ч до начала');
    expect(bookingPage(0)).toContain('Без бесплатной отмены: оплаченный билет не возвращается');
  });
});

describe('deadlines', () => {
  it('read in Crimean time (UTC+3), across midnight and a year', () => {
    expect(formatCrimeaInstant(new Date('2026-06-10T06:05:00Z'))).toBe('10.06.2026 09:05');
    expect(formatCrimeaInstant(new Date('2026-12-31T21:00:00Z'))).toBe('01.01.2027 00:00');
  });
});

describe('paying a held ticket', () => {
  it('offline, says a connection is needed instead of failing', async () => {
    db = openReplica();
    const offline: typeof fetch = () => Promise.reject(new TypeError('fetch failed: offline'));
    const outcome = await payTicket(
      { db, http: createHttpClient('http://127.0.0.1:9', offline), storage: memoryStorage() },
      hexId(101),
    );
    expect(outcome).toEqual({ ok: false, offline: true, error: undefined });
  });
});
