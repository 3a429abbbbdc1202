import { addDays, crimeaToday } from '../../../src/domain/dates';
import type { Excursion } from '../../../src/domain/types';
import { api, catalogue, DEMO, tokenFor } from '../../support/api';
import { book, bookingBody, tourWithRoom } from '../../support/booking';
import { photoJpeg } from '../../support/media-fixtures';
import type { TestServer } from '../../support/server';
import { plainExcursionPayload } from '../../support/server-state';
import type { FuzzContext } from './endpoints';
import { multipart } from './multipart';

/** Sign-ins, the ids and the valid bodies the fuzzed requests start from; books one ticket. */
export async function fuzzContext(server: TestServer): Promise<FuzzContext> {
  const tokens = {
    tourist: await tokenFor(server, DEMO.tourist),
    seller: await tokenFor(server, DEMO.seller),
    seller2: await tokenFor(server, DEMO.seller2),
    admin: await tokenFor(server, DEMO.admin),
    expired: await tokenFor(server, DEMO.admin, 0, -5),
  };
  const { excursions, tours } = await catalogue(server);
  const today = crimeaToday(new Date());
  const excursion = excursions.find(
    (e) => e.ownerID === DEMO.seller && tours.some((t) => t.excursionID === e._id && t.date > today),
  ) as Excursion;
  const tour = tours.find((t) => t.excursionID === excursion._id && t.date > today);
  if (!tour) throw new Error('no future tour of the seller');

  const room = await tourWithRoom(server, 'none', 2);
  const booked = await book(
    server,
    tokens.tourist,
    bookingBody(DEMO.tourist, room.excursion, room.tour, { adults: 1 }),
  );
  if (!booked.body.ticket_id) throw new Error(`booking failed: ${JSON.stringify(booked.body)}`);

  const form = multipart([
    { name: 'file', filename: 'me.jpg', type: 'image/jpeg', data: await photoJpeg(600, 600) },
  ]);
  const uploaded = await fetch(`${server.url}/api/uploadfile/`, {
    method: 'POST',
    headers: { ...form.headers, Authorization: `Bearer ${tokens.tourist}` },
    body: new Uint8Array(form.body),
  });
  const { filename } = (await uploaded.json()) as { filename: string };

  const me = await api(server, tokens.tourist).json<{ email: string }>('/api/users/me');
  return {
    tokens,
    touristId: DEMO.tourist,
    excursionId: excursion._id,
    tourId: tour._id,
    ticketId: booked.body.ticket_id,
    mediaId: filename,
    valid: {
      ticket: bookingBody(DEMO.tourist, room.excursion, room.tour, { adults: 1 }) as unknown as Record<
        string,
        unknown
      >,
      profile: {
        name: 'Иван',
        surname: 'Петров',
        middlename: '',
        phone: '8(999)123-45-67',
        email: me.email,
        avatar: '',
      },
      tours: { tours: [{ excursionID: excursion._id, date: addDays(today, 120), time: '10:30' }] },
      excursion: validExcursion(addDays(today, 121)),
    },
  };
}

export function validExcursion(date: string): Record<string, unknown> {
  return {
    ...plainExcursionPayload({
      title: 'Проверочная экскурсия',
      city: 'Ялта',
      place: 1,
      assemblyPoints: ['Набережная'],
      tours: [{ date, time: '10:00' }],
    }),
  };
}
