import fc from 'fast-check';
import { z } from 'zod';
import {
  loginRequestSchema,
  registerRequestSchema,
  verifyCodeRequestSchema,
} from '../../../src/protocol/auth';
import { containsNul } from '../../../src/protocol/json';
import { createExcursionPayloadSchema, updateExcursionPayloadSchema } from '../../../src/protocol/excursions';
import { createTicketRequestSchema, patchTicketStatusRequestSchema } from '../../../src/protocol/tickets';
import { createToursRequestSchema, deleteToursRequestSchema } from '../../../src/protocol/tours';
import { updateUserRequestSchema } from '../../../src/protocol/users';
import type { RawRequest } from './http';
import { multipart, type Part } from './multipart';
import {
  brokenJson,
  hugeString,
  notANumber,
  notAnObject,
  notAString,
  oddMethod,
  oddSegment,
  unknownEntityId,
  unknownUserId,
  wrongContentType,
  wrongShape,
} from './values';

// Every call of SPEC §7 (and the app's own additions: sync, moderation, payments, ticket check), each
// with a generator of requests it must refuse. Bodies built by mutating a valid one are filtered
// through the call's own schema, so a mutation that happens to stay valid is never sent: every
// generated request is malformed or names something that does not exist or is not the caller's.

export interface FuzzContext {
  tokens: {
    tourist: string;
    seller: string;
    seller2: string;
    admin: string;
    /** Signed by the server but already expired. */
    expired: string;
  };
  /** The tourist's user id. */
  touristId: number;
  /** A published excursion of `seller`, one of its future tours, a tourist's ticket, a stored image. */
  excursionId: string;
  tourId: string;
  ticketId: string;
  mediaId: string;
  /** Valid bodies the mutations start from. */
  valid: {
    ticket: Record<string, unknown>;
    profile: Record<string, unknown>;
    tours: { tours: Record<string, unknown>[] };
    excursion: Record<string, unknown>;
  };
}

export interface Endpoint {
  name: string;
  /** The error field SPEC §7 names for the call. */
  field: 'detail' | 'message';
  requests: fc.Arbitrary<RawRequest>;
}

const JSON_TYPE: Record<string, string> = { 'Content-Type': 'application/json' };

interface JsonBody {
  body: string;
  headers: Record<string, string>;
}

function bearer(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { Authorization: `Bearer ${token}` };
}

/** Mostly a good token (so validation behind the login is reached), sometimes a bad one. */
function authOf(good: string, ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(bearer(good)) },
    { weight: 1, arbitrary: badAuth(ctx) },
  );
}

/** Missing, malformed, forged and expired credentials. */
export function badAuth(ctx: FuzzContext): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    fc.constant({}),
    fc.constant(bearer(ctx.tokens.expired)),
    fc.constant({ Authorization: ctx.tokens.tourist }),
    fc.constant(bearer(`${ctx.tokens.admin.slice(0, -3)}abc`)),
    fc.constant(bearer(forgedNone(ctx.tokens.admin))),
    fc.constant({ Authorization: 'Basic YWRtaW46YWRtaW4=' }),
    fc.constant({ Authorization: `Bearer ${'a'.repeat(5000)}` }),
    fc.stringMatching(/^[!-~]{0,200}$/).map((text) => ({ Authorization: `Bearer ${text}` })),
    fc.stringMatching(/^[!-~ ]{0,100}$/).map((text) => ({ Authorization: text })),
  );
}

/** The same claims with `alg: none` and no signature. */
function forgedNone(token: string): string {
  const [, payload] = token.split('.');
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return `${header}.${payload ?? ''}.`;
}

/** One field removed or replaced by a wrong value, or a wrong body altogether. */
function mutatedJson(
  base: Record<string, unknown>,
  fieldValues: Record<string, fc.Arbitrary<unknown>>,
  schema: z.ZodType,
): fc.Arbitrary<JsonBody> {
  const fields = Object.keys(fieldValues);
  const replaced = fc
    .tuple(fc.constantFrom(...fields), fc.boolean())
    .chain(([field, remove]) =>
      remove
        ? fc.constant(Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)))
        : (fieldValues[field] as fc.Arbitrary<unknown>).map((value) => ({ ...base, [field]: value })),
    )
    .filter((body) => !schema.safeParse(body).success || containsNul(body))
    .map((body) => ({ body: JSON.stringify(body), headers: JSON_TYPE }));
  return fc.oneof(
    { weight: 6, arbitrary: replaced },
    { weight: 1, arbitrary: brokenJson.map((body) => ({ body, headers: JSON_TYPE })) },
    { weight: 1, arbitrary: notAnObject.map((body) => ({ body, headers: JSON_TYPE })) },
    { weight: 1, arbitrary: fc.constant<JsonBody>({ body: '', headers: JSON_TYPE }) },
    // Over the 256 KB cap of JSON calls.
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 262_144, max: 600_000 })
        .map((n) => ({ body: JSON.stringify({ ...base, pad: 'x'.repeat(n) }), headers: JSON_TYPE })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(wrongContentType, brokenJson)
        .map(([type, body]): JsonBody => ({ body, headers: type ? { 'Content-Type': type } : {} })),
    },
  );
}

function jsonCall(
  name: string,
  method: string,
  path: fc.Arbitrary<string>,
  auth: fc.Arbitrary<Record<string, string>>,
  body: fc.Arbitrary<JsonBody>,
  field: 'detail' | 'message' = 'detail',
): Endpoint {
  return {
    name,
    field,
    requests: fc
      .tuple(path, auth, body)
      .map(([p, a, b]) => ({ method, path: p, headers: { ...b.headers, ...a }, body: b.body })),
  };
}

/** A request without a body whose path carries a bad or unknown id, or whose credentials are bad. */
function bodilessCall(
  name: string,
  method: string,
  path: fc.Arbitrary<string>,
  auth: fc.Arbitrary<Record<string, string>>,
  field: 'detail' | 'message' = 'detail',
): Endpoint {
  return {
    name,
    field,
    requests: fc.tuple(path, auth).map(([p, a]) => ({ method, path: p, headers: { ...JSON_TYPE, ...a } })),
  };
}

const ids = (real: string) => fc.oneof(oddSegment, unknownEntityId, fc.constant(real.toUpperCase()));

// --- multipart ------------------------------------------------------------------------------------

/** Bytes that are no picture: HTML, script, text, random, a truncated JPEG, an SVG. */
const junkFile = fc.oneof(
  fc
    .constantFrom(
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '#!/bin/sh\nrm -rf /',
      'GIF89a<script>alert(1)</script>',
      '\xff\xd8\xff\xe0 truncated',
    )
    .map((text) => Buffer.from(text, 'latin1')),
  fc.uint8Array({ minLength: 0, maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
);

const fileName = fc.oneof(
  fc.constantFrom('photo.jpg', '../../x.jpg', '..\\..\\x.jpg', '/etc/passwd', 'a"b.jpg', 'x.svg', 'x.html'),
  fc.stringMatching(/^[a-zA-Z0-9._\-/ ]{1,60}$/),
);

const filePart = (field: string): fc.Arbitrary<Part> =>
  fc.record({
    name: fc.constant(field),
    filename: fileName,
    type: fc.constantFrom(
      'image/jpeg',
      'image/png',
      'text/html',
      'image/svg+xml',
      'application/octet-stream',
    ),
    data: junkFile,
  });

/** Multipart envelopes that are themselves broken. */
const brokenMultipart = fc.oneof(
  fc.tuple(wrongContentType, brokenJson).map(([type, body]) => ({
    body,
    headers: type ? { 'Content-Type': type } : ({} as Record<string, string>),
  })),
  fc.constant({ body: '', headers: { 'Content-Type': 'multipart/form-data; boundary=b' } }),
  fc.string({ maxLength: 300 }).map((text) => ({
    body: `--b\r\nContent-Disposition: form-data; name="excursion"\r\n\r\n${text}`,
    headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
  })),
  fc.string({ maxLength: 300 }).map((text) => ({
    body: `--wrong\r\n${text}\r\n--wrong--\r\n`,
    headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
  })),
  fc.constant({
    body: '--b\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc',
    headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
  }),
);

function excursionFieldValues(): Record<string, fc.Arbitrary<unknown>> {
  const text = fc.oneof(notAString, fc.constantFrom('', '   '));
  const int = notANumber;
  return {
    title: text,
    description: fc.oneof(notAString, fc.constant('я'.repeat(10_001))),
    city: text,
    place: int,
    category: fc.oneof(notAString, fc.constantFrom('Музеи', 'дворцы', '')),
    adultPrice: fc.oneof(int, fc.constantFrom(0, 1_000_001)),
    kidPrice: int,
    adultEntryPrice: int,
    kidEntryPrice: int,
    entryTickets: fc.oneof(
      fc.constantFrom('true', 1, 0),
      wrongShape.filter((v) => typeof v !== 'boolean'),
    ),
    services: fc.oneof(notAString, fc.constant([{ name: '', price: -1 }]), fc.constant([{ name: 'x' }])),
    maxAttendants: fc.oneof(int, fc.constantFrom(0, 1001)),
    busType: fc.oneof(notAString, fc.constantFrom('bus', 'COACH')),
    numberOfRows: fc.oneof(int, fc.constant(101)),
    availableSeats: fc.oneof(notAString, fc.constant([1, 1]), fc.constant([0]), fc.constant([1.5])),
    reservedSeats: fc.oneof(fc.constant([1, 2, 3]), fc.constant([-1])),
    duration: text,
    difficulty: fc.oneof(notAString, fc.constant('Сложно')),
    childrenAllowed: fc.constantFrom('yes', 1, null),
    directions: fc.oneof(notAString, fc.constant([]), fc.constant(['', '  '])),
    assemblyPoints: fc.oneof(notAString, fc.constant([])),
    included: fc.oneof(fc.constant(['x'.repeat(501)]), fc.constant(Array(101).fill('a'))),
    images: fc.constant(['../../etc/passwd']),
    similarExcursionIDs: fc.constant(['nothex', 'nothex']),
    ownerID: fc.oneof(int, fc.constant('2')),
    tours: fc.oneof(
      fc.constant([]),
      fc.constant([{ date: '2026-02-30', time: '10:00' }]),
      fc.constant([{ date: '2099-01-01', time: '24:00' }]),
      notAString,
    ),
  };
}

/** The `excursion` part and the files of the excursion form, at least one of them bad. */
function excursionForm(
  base: Record<string, unknown>,
  schema: z.ZodType,
  needsBadFile: boolean,
): fc.Arbitrary<{ body: Buffer | string; headers: Record<string, string> }> {
  const values = excursionFieldValues();
  const badJson = fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.keys(values)), fc.boolean())
      .chain(([field, remove]) =>
        remove
          ? fc.constant(Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)))
          : (values[field] as fc.Arbitrary<unknown>).map((value) => ({ ...base, [field]: value })),
      )
      .filter((body) => !schema.safeParse(body).success || containsNul(body))
      .map((body) => JSON.stringify(body)),
    brokenJson,
    notAnObject,
  );
  const files = fc.array(
    fc.oneof(filePart('preview_images'), filePart('gallery_images'), filePart('video')),
    { minLength: needsBadFile ? 1 : 0, maxLength: 5 },
  );
  const kept = fc.oneof(
    fc.constant<Part[]>([]),
    fc
      .constantFrom('../../etc/passwd', '.hidden', 'a/b', '["x","x","x","x"]', '[1]', 'x'.repeat(201))
      .map((value): Part[] => [{ name: 'existing_preview_images', data: value }]),
  );
  const goodJson = fc.constant(JSON.stringify(base));
  // With a valid `excursion` part a bad file is required, so nothing valid is ever sent.
  const wellFormed = fc
    .tuple(fc.oneof(badJson, ...(needsBadFile ? [] : [goodJson])), files, kept, fc.boolean())
    .chain(([json, list, keptParts, goodJsonInstead]) => {
      const usesGood = goodJsonInstead && list.length > 0;
      const parts: Part[] = [
        { name: 'excursion', data: usesGood ? JSON.stringify(base) : json },
        ...keptParts,
        ...list,
      ];
      return fc.constant(multipart(parts));
    });
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: brokenMultipart });
}

// --- the catalogue of calls -------------------------------------------------------------------------

export function endpoints(ctx: FuzzContext): Endpoint[] {
  const { tokens } = ctx;
  const userPath = (suffix: string) =>
    fc.oneof(
      oddSegment.map((id) => `/api/users/${id}${suffix}`),
      unknownUserId.map((id) => `/api/users/${id}${suffix}`),
    );
  const str = fc.oneof(notAString, fc.constant(''));

  const ticketFields: Record<string, fc.Arbitrary<unknown>> = {
    tourID: fc.oneof(notAString, fc.constantFrom('', ctx.tourId.toUpperCase(), `${ctx.tourId}0`)),
    userID: notANumber,
    adults: fc.oneof(notANumber, fc.constantFrom(0, 1001)),
    kids: fc.oneof(notANumber, fc.constant(1001)),
    seats: fc.oneof(notAString, fc.constant([1, 1]), fc.constant([0]), fc.constant([1, 2, 3, 4, 5, 6])),
    assemblyPoint: fc.oneof(notAString, fc.constantFrom('', '   ')),
    services: fc.oneof(notAString, fc.constant([{ name: '', price: 1 }]), fc.constant([{ price: -5 }])),
    excursionPrice: notANumber,
    entryPrice: notANumber,
  };
  const profileFields: Record<string, fc.Arbitrary<unknown>> = {
    name: notAString,
    surname: notAString,
    middlename: notAString,
    phone: fc.oneof(notAString, fc.constantFrom('', '123', '8(999)', 'abcdefghijk', '1'.repeat(16))),
    email: fc.oneof(notAString, fc.constantFrom('', 'no-at', 'a@b', 'a b@c.d')),
    avatar: fc.oneof(notAString, fc.constantFrom('../x.webp', '.hidden', 'a/b', 'x'.repeat(201))),
  };
  const slot = ctx.valid.tours.tours[0] as Record<string, unknown>;
  const tourSlotFields: Record<string, fc.Arbitrary<unknown>> = {
    excursionID: fc.oneof(notAString, fc.constant('')),
    date: fc.oneof(notAString, fc.constantFrom('2026-13-01', '2026-02-30', '01.01.2027', '', '2027-1-1')),
    time: fc.oneof(notAString, fc.constantFrom('24:00', '9:00', '12:60', '', '12:00:00')),
  };
  const toursBody = fc.oneof(
    mutatedJson(
      { tours: [slot] },
      { tours: fc.oneof(notAString, fc.constant([]), fc.constant([slot, slot])) },
      createToursRequestSchema,
    ),
    fc
      .tuple(fc.constantFrom(...Object.keys(tourSlotFields)), fc.boolean())
      .chain(([field, remove]) =>
        remove
          ? fc.constant(Object.fromEntries(Object.entries(slot).filter(([key]) => key !== field)))
          : (tourSlotFields[field] as fc.Arbitrary<unknown>).map((value) => ({ ...slot, [field]: value })),
      )
      .map((one) => ({ tours: [one] }))
      .filter((body) => !createToursRequestSchema.safeParse(body).success || containsNul(body))
      .map((body) => ({ body: JSON.stringify(body), headers: JSON_TYPE })),
    // Well-formed, but an unknown excursion. (A date in the past is not a refusal of the batch: the
    // answer lists it in `refused` and creates the rest.)
    unknownEntityId
      .map((excursionID) => ({ ...slot, excursionID }))
      .map((one) => ({ body: JSON.stringify({ tours: [one] }), headers: JSON_TYPE })),
  );
  const deleteBody = fc.oneof(
    mutatedJson(
      { tour_ids: [ctx.tourId] },
      {
        tour_ids: fc.oneof(
          notAString,
          fc.constant([]),
          fc.constant([ctx.tourId, ctx.tourId]),
          fc.constant(['x']),
        ),
      },
      deleteToursRequestSchema,
    ),
    fc
      .array(unknownEntityId, { minLength: 1, maxLength: 5 })
      .map((list) => ({ body: JSON.stringify({ tour_ids: [...new Set(list)] }), headers: JSON_TYPE })),
  );

  return [
    // Reads.
    bodilessCall('GET /api/users/me', 'GET', fc.constant('/api/users/me'), badAuth(ctx)),
    listCall('GET /api/excursions', '/api/excursions', ctx),
    bodilessCall(
      'GET /api/excursions/{id}',
      'GET',
      ids(ctx.excursionId).map((id) => `/api/excursions/${id}`),
      fc.oneof(fc.constant({}), fc.constant(bearer(tokens.tourist))),
    ),
    listCall('GET /api/tours', '/api/tours', ctx),
    bodilessCall(
      'GET /api/tours/{id}',
      'GET',
      ids(ctx.tourId).map((id) => `/api/tours/${id}`),
      fc.constant({}),
    ),
    bodilessCall(
      'GET /api/users/{id}/tickets',
      'GET',
      fc.oneof(
        userPath('/tickets'),
        fc.constantFrom(1, 2, 3).map((id) => `/api/users/${id}/tickets`),
      ),
      fc.oneof(fc.constant(bearer(tokens.tourist)), badAuth(ctx)),
    ),
    bodilessCall(
      'GET /api/tickets/{id}',
      'GET',
      fc.oneof(
        ids(ctx.ticketId).map((id) => `/api/tickets/${id}`),
        fc.constant(`/api/tickets/${ctx.ticketId}`),
      ),
      fc.oneof(fc.constant(bearer(tokens.seller2)), badAuth(ctx)),
    ),
    listCall('GET /api/cities', '/api/cities', ctx),
    listCall('GET /api/banners', '/api/banners', ctx),
    listCall('GET /api/places', '/api/places', ctx),
    listCall('GET /api/special-offers', '/api/special-offers', ctx),
    bodilessCall(
      'GET /api/images/{id}',
      'GET',
      fc.oneof(
        oddSegment.map((id) => `/api/images/${id}`),
        fc.constant(`/api/images/${ctx.mediaId.replace('.webp', '-480.webp')}`),
        fc.constant(`/api/images/${ctx.mediaId}/x`),
      ),
      fc.constant({}),
    ),
    bodilessCall(
      'GET /api/app_media/{id}',
      'GET',
      fc.oneof(
        oddSegment.map((id) => `/api/app_media/${id}`),
        fc.constant(`/api/app_media/${ctx.mediaId}`),
      ),
      fc.constant({}),
    ),
    bodilessCall(
      'GET /api/sync',
      'GET',
      fc
        .tuple(
          fc.oneof(
            fc.constant(''),
            hugeString.map((s) => s.slice(0, 1000)),
            fc.string({ maxLength: 30 }),
          ),
          fc.oneof(
            fc.constantFrom('0', '-1', '1.5', 'abc', '100000', '99999', '', 'NaN', '1e3'),
            fc.string({ maxLength: 10 }),
          ),
        )
        .filter(([, limit]) => !/^\d{1,5}$/.test(limit) || Number(limit) < 1 || Number(limit) > 2000)
        .map(([cursor, limit]) => `/api/sync?${new URLSearchParams({ cursor, limit }).toString()}`),
      fc.oneof(fc.constant({}), fc.constant(bearer(tokens.tourist)), badAuth(ctx)),
    ),

    // Writes of SPEC §7.
    jsonCall(
      'POST /api/tickets',
      'POST',
      fc.constant('/api/tickets'),
      authOf(tokens.tourist, ctx),
      fc.oneof(
        { weight: 4, arbitrary: mutatedJson(ctx.valid.ticket, ticketFields, createTicketRequestSchema) },
        // Well-formed but for a tour that does not exist.
        {
          weight: 1,
          arbitrary: unknownEntityId.map((tourID) => ({
            body: JSON.stringify({ ...ctx.valid.ticket, tourID }),
            headers: JSON_TYPE,
          })),
        },
      ),
    ),
    jsonCall(
      'PATCH /api/tickets/{id}',
      'PATCH',
      fc.oneof(
        fc.constant(`/api/tickets/${ctx.ticketId}`),
        ids(ctx.ticketId).map((id) => `/api/tickets/${id}`),
      ),
      authOf(tokens.tourist, ctx),
      fc.oneof(
        mutatedJson(
          { status: 'cancelled' },
          { status: fc.oneof(notAString, fc.constantFrom('paid', 'CONFIRMED', '', 'cancelled ')) },
          patchTicketStatusRequestSchema,
        ),
      ),
    ),
    // A valid status for someone else's or an unknown ticket.
    jsonCall(
      'PATCH /api/tickets/{id} (not yours)',
      'PATCH',
      fc.oneof(
        fc.constant(`/api/tickets/${ctx.ticketId}`),
        unknownEntityId.map((id) => `/api/tickets/${id}`),
      ),
      fc.oneof(fc.constant(bearer(tokens.seller2)), badAuth(ctx)),
      fc
        .constantFrom('cancelled', 'confirmed', 'to payment')
        .map((status) => ({ body: JSON.stringify({ status }), headers: JSON_TYPE })),
    ),
    bodilessCall(
      'POST /api/users/{userId}/favorites/{excursionId}',
      'POST',
      fc
        .oneof(
          fc.tuple(fc.oneof(oddSegment, fc.constant(String(ctx.touristId))), oddSegment),
          fc.tuple(fc.constant(String(ctx.touristId)), unknownEntityId),
          fc.tuple(fc.constantFrom('1', '2', '3'), fc.constant(ctx.excursionId)),
        )
        .map(([user, excursion]) => `/api/users/${user}/favorites/${excursion}`),
      authOf(tokens.tourist, ctx),
    ),
    bodilessCall(
      'DELETE /api/users/{userId}/favorites/{excursionId}',
      'DELETE',
      fc
        .oneof(
          fc.tuple(
            fc.oneof(oddSegment, fc.constant(String(ctx.touristId))),
            oddSegment.filter((segment) => !/^[0-9a-f]{24}$/.test(segment)),
          ),
          // An unknown excursion is not refused here: unsetting what is not set is a harmless replay.

          fc.tuple(fc.constantFrom('1', '2', '3'), fc.constant(ctx.excursionId)),
        )
        .map(([user, excursion]) => `/api/users/${user}/favorites/${excursion}`),
      authOf(tokens.tourist, ctx),
    ),
    jsonCall(
      'POST /auth/register',
      'POST',
      fc.constant('/auth/register'),
      fc.constant({}),
      mutatedJson(
        { login_email: 'fuzz@example.ru', password: 'secret123', refferalOf: '' },
        {
          login_email: fc.oneof(str, fc.constantFrom('a@b', 'x'.repeat(300) + '@a.ru')),
          password: fc.oneof(notAString, fc.constantFrom('', '12345', 'x'.repeat(129))),
          refferalOf: fc.oneof(badNumberOrWords(), fc.constant({})),
        },
        registerRequestSchema,
      ),
    ),
    jsonCall(
      'POST /auth/login',
      'POST',
      fc.constant('/auth/login'),
      fc.constant({}),
      mutatedJson(
        { login_email: 'tourist@example.ru', password: 'tourist123' },
        {
          login_email: fc.oneof(str, fc.constantFrom('a@b', 'tourist@example')),
          password: fc.oneof(notAString, fc.constantFrom('', '12345', 'x'.repeat(129))),
        },
        loginRequestSchema,
      ),
    ),
    jsonCall(
      'POST /auth/verify-2fa',
      'POST',
      fc.constant('/auth/verify-2fa'),
      fc.constant({}),
      fc.oneof(
        mutatedJson(
          { login_email: 'tourist@example.ru', code: '123456' },
          {
            login_email: fc.oneof(str, fc.constant('a@b')),
            code: fc.oneof(
              notAString,
              fc.constantFrom('12345', '1234567', 'abcdef', '12 3456', '１２３４５６'),
            ),
          },
          verifyCodeRequestSchema,
        ),
        // Well-formed, for an account that asked for no code.
        fc.tuple(fc.stringMatching(/^[a-z]{3,12}$/), fc.stringMatching(/^\d{6}$/)).map(([user, code]) => ({
          body: JSON.stringify({ login_email: `${user}@nobody.example`, code }),
          headers: JSON_TYPE,
        })),
      ),
    ),
    {
      name: 'POST /api/uploadfile/',
      field: 'detail',
      requests: fc
        .tuple(
          fc.constantFrom('/api/uploadfile/', '/api/uploadfile'),
          authOf(tokens.tourist, ctx),
          fc.oneof(
            {
              weight: 3,
              arbitrary: fc
                .array(filePart('file'), { minLength: 1, maxLength: 2 })
                .map((parts) => multipart(parts)),
            },
            {
              weight: 1,
              arbitrary: fc
                .constantFrom<Part[]>(
                  [],
                  [{ name: 'file', data: 'not a file' }],
                  [{ name: 'avatar', data: 'x', filename: 'a.jpg' }],
                )
                .map((parts) => multipart(parts)),
            },
            { weight: 1, arbitrary: brokenMultipart },
          ),
        )
        .map(([path, auth, body]) => ({
          method: 'POST',
          path,
          headers: { ...body.headers, ...auth },
          body: body.body,
        })),
    },
    adjust(
      jsonCall(
        'PUT /api/users/{id}',
        'PUT',
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(`/api/users/${ctx.touristId}`) },
          { weight: 1, arbitrary: userPath('') },
        ),
        authOf(tokens.tourist, ctx),
        fc.oneof(
          { weight: 4, arbitrary: mutatedJson(ctx.valid.profile, profileFields, updateUserRequestSchema) },
          {
            weight: 1,
            arbitrary: fc.constant({ body: JSON.stringify(ctx.valid.profile), headers: JSON_TYPE }),
          },
        ),
      ),
      // A valid profile is only ever sent for somebody else's id.
      (req) =>
        req.body === JSON.stringify(ctx.valid.profile) && req.path === `/api/users/${ctx.touristId}`
          ? { ...req, path: `/api/users/${DEMO_ADMIN}` }
          : req,
    ),
    jsonCall(
      'POST /api/tours',
      'POST',
      fc.constant('/api/tours'),
      authOf(tokens.seller, ctx),
      toursBody,
      'message',
    ),
    jsonCall(
      'DELETE /api/tours',
      'DELETE',
      fc.constant('/api/tours'),
      authOf(tokens.seller, ctx),
      deleteBody,
      'message',
    ),
    // Someone else's tours: the other seller may neither add to nor delete from this excursion.
    jsonCall(
      'POST/DELETE /api/tours (not yours)',
      'POST',
      fc.constant('/api/tours'),
      fc.constant(bearer(tokens.seller2)),
      fc.constant({ body: JSON.stringify(ctx.valid.tours), headers: JSON_TYPE }),
      'message',
    ),
    {
      name: 'POST /api/excursions',
      field: 'detail',
      requests: fc
        .tuple(
          authOf(tokens.seller, ctx),
          excursionForm(ctx.valid.excursion, createExcursionPayloadSchema, false),
        )
        .map(([auth, form]) => ({
          method: 'POST',
          path: '/api/excursions',
          headers: { ...form.headers, ...auth },
          body: form.body,
        })),
    },
    {
      name: 'PUT /api/excursions/{id}',
      field: 'detail',
      requests: fc
        .tuple(
          fc.oneof(
            { weight: 4, arbitrary: fc.constant(ctx.excursionId) },
            { weight: 1, arbitrary: ids(ctx.excursionId) },
          ),
          fc.oneof(
            { weight: 4, arbitrary: authOf(tokens.seller, ctx) },
            { weight: 1, arbitrary: fc.constant(bearer(tokens.seller2)) },
          ),
          excursionForm(ctx.valid.excursion, updateExcursionPayloadSchema, true),
        )
        .map(([id, auth, form]) => ({
          method: 'PUT',
          path: `/api/excursions/${id}`,
          headers: { ...form.headers, ...auth },
          body: form.body,
        })),
    },
    adjust(
      bodilessCall(
        'POST /api/users/{id}/promote-to-seller',
        'POST',
        fc.oneof(
          userPath('/promote-to-seller'),
          fc.constant(`/api/users/${ctx.touristId}/promote-to-seller`),
        ),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(bearer(tokens.admin)) },
          { weight: 1, arbitrary: fc.constant(bearer(tokens.seller)) },
          { weight: 1, arbitrary: badAuth(ctx) },
        ),
      ),
      // The admin may really promote the tourist: that path only goes with a seller's token.
      (req) =>
        req.path === `/api/users/${ctx.touristId}/promote-to-seller` &&
        req.headers?.Authorization === `Bearer ${tokens.admin}`
          ? { ...req, headers: { ...req.headers, Authorization: `Bearer ${tokens.seller}` } }
          : req,
    ),
    adjust(
      bodilessCall(
        'POST /api/users/{id}/demote-to-user',
        'POST',
        fc.oneof(userPath('/demote-to-user'), fc.constant('/api/users/2/demote-to-user')),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(bearer(tokens.admin)) },
          { weight: 1, arbitrary: fc.constant(bearer(tokens.tourist)) },
          { weight: 1, arbitrary: badAuth(ctx) },
        ),
      ),
      (req) =>
        req.path === '/api/users/2/demote-to-user' && req.headers?.Authorization === `Bearer ${tokens.admin}`
          ? { ...req, headers: { ...req.headers, Authorization: `Bearer ${tokens.tourist}` } }
          : req,
    ),

    // The app's own calls beyond SPEC §7.
    bodilessCall(
      'POST /api/excursions/{id}/publish',
      'POST',
      fc.oneof(oddSegment, unknownEntityId).map((id) => `/api/excursions/${id}/publish`),
      authOf(tokens.admin, ctx),
    ),
    {
      name: 'POST /api/excursions/{id}/reject',
      field: 'detail',
      requests: fc.oneof(
        // A real excursion only with a bad reason; unknown and malformed ids with any body.
        fc
          .tuple(
            authOf(tokens.admin, ctx),
            mutatedJson(
              { reason: 'Нет фото' },
              { reason: fc.oneof(notAString, fc.constantFrom('', '   ', 'я'.repeat(1001))) },
              rejectReasonSchema,
            ),
          )
          .map(([auth, body]) => ({
            method: 'POST',
            path: `/api/excursions/${ctx.excursionId}/reject`,
            headers: { ...body.headers, ...auth },
            body: body.body,
          })),
        fc.tuple(fc.oneof(oddSegment, unknownEntityId), authOf(tokens.admin, ctx)).map(([id, auth]) => ({
          method: 'POST',
          path: `/api/excursions/${id}/reject`,
          headers: { ...JSON_TYPE, ...auth },
          body: JSON.stringify({ reason: 'Нет фото' }),
        })),
      ),
    },
    bodilessCall(
      'GET /api/moderation/excursions',
      'GET',
      fc.constant('/api/moderation/excursions'),
      fc.oneof(fc.constant(bearer(tokens.seller)), badAuth(ctx)),
    ),
    bodilessCall(
      'POST /api/excursions/{id}/submit',
      'POST',
      fc
        .oneof(oddSegment, unknownEntityId, fc.constant(ctx.excursionId))
        .map((id) => `/api/excursions/${id}/submit`),
      fc.oneof(authOf(tokens.seller, ctx), fc.constant(bearer(tokens.seller2))),
    ),
    bodilessCall(
      'GET /api/excursions/{id}/moderation',
      'GET',
      fc
        .oneof(oddSegment, unknownEntityId, fc.constant(ctx.excursionId))
        .map((id) => `/api/excursions/${id}/moderation`),
      fc.oneof(fc.constant(bearer(tokens.seller2)), fc.constant(bearer(tokens.tourist)), badAuth(ctx)),
    ),
    bodilessCall(
      'POST /api/excursions/{id}/revision/approve',
      'POST',
      // A real excursion has no waiting revision here: approving it is refused too.
      fc
        .oneof(oddSegment, unknownEntityId, fc.constant(ctx.excursionId))
        .map((id) => `/api/excursions/${id}/revision/approve`),
      fc.oneof(authOf(tokens.admin, ctx), fc.constant(bearer(tokens.seller))),
    ),
    {
      name: 'POST /api/excursions/{id}/revision/reject',
      field: 'detail',
      requests: fc
        .tuple(
          fc.oneof(oddSegment, unknownEntityId, fc.constant(ctx.excursionId)),
          authOf(tokens.admin, ctx),
          mutatedJson(
            { reason: 'Нет фото' },
            { reason: fc.oneof(notAString, fc.constantFrom('', '   ', 'я'.repeat(1001))) },
            rejectReasonSchema,
          ),
        )
        .map(([id, auth, body]) => ({
          method: 'POST',
          path: `/api/excursions/${id}/revision/reject`,
          headers: { ...body.headers, ...auth },
          body: body.body,
        })),
    },
    bodilessCall(
      'GET /api/excursions/{id}/revision',
      'GET',
      fc
        .oneof(oddSegment, unknownEntityId, fc.constant(ctx.excursionId))
        .map((id) => `/api/excursions/${id}/revision`),
      fc.oneof(fc.constant(bearer(tokens.seller2)), fc.constant(bearer(tokens.tourist)), badAuth(ctx)),
    ),
    bodilessCall(
      'GET /api/moderation/revisions',
      'GET',
      fc.constant('/api/moderation/revisions'),
      fc.oneof(fc.constant(bearer(tokens.seller)), badAuth(ctx)),
    ),
    bodilessCall(
      'GET /api/admin/users',
      'GET',
      fc.oneof(
        fc
          .oneof(
            fc.stringMatching(/^[a-z]{1,8}$/),
            fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', 'NaN', '100001', '99999999999999999999'),
          )
          .map((page) => `/api/admin/users?page=${encodeURIComponent(page)}`),
        fc.constant(`/api/admin/users?q=${encodeURIComponent('я'.repeat(101))}`),
      ),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(bearer(tokens.admin)) },
        { weight: 1, arbitrary: fc.constant(bearer(tokens.seller)) },
        { weight: 1, arbitrary: badAuth(ctx) },
      ),
    ),
    bodilessCall(
      'GET /api/tickets/check/{code}',
      'GET',
      fc
        .oneof(oddSegment, fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/))
        .map((code) => `/api/tickets/check/${code}`),
      authOf(tokens.seller, ctx),
    ),
    jsonCall(
      'POST /api/payments/webhook',
      'POST',
      fc.constant('/api/payments/webhook'),
      fc.constant({}),
      fc.oneof(
        brokenJson.map((body) => ({ body, headers: JSON_TYPE })),
        notAnObject.map((body) => ({ body, headers: JSON_TYPE })),
        fc
          .oneof(
            wrongShape.map((object) => ({ object })),
            notAString.map((id) => ({ object: { id } })),
            fc.constant({ event: 'payment.succeeded' }),
          )
          .map((value) => ({ body: JSON.stringify(value), headers: JSON_TYPE })),
      ),
    ),
    jsonCall(
      'POST /api/test-pay/pay',
      'POST',
      fc.constant('/api/test-pay/pay'),
      fc.constant({}),
      fc.oneof(
        brokenJson.map((body) => ({ body, headers: JSON_TYPE })),
        fc
          .record({
            confirmation_token: fc.oneof(notAString, fc.string({ minLength: 1, maxLength: 60 })),
            card_number: fc.oneof(notAString, fc.constant('4242 4242 4242 4242')),
          })
          .map((value) => ({ body: JSON.stringify(value), headers: JSON_TYPE })),
      ),
    ),
    bodilessCall(
      'GET /api/test-pay/payments/{token}',
      'GET',
      oddSegment.map((token) => `/api/test-pay/payments/${token}`),
      fc.constant({}),
    ),
    // Odd methods on every path, and paths that are not calls at all.
    {
      name: 'odd methods and paths',
      field: 'detail',
      requests: fc
        .tuple(
          oddMethod,
          fc.oneof(
            fc.constantFrom(
              '/api/users/me',
              '/api/excursions/' + ctx.excursionId,
              '/api/tours/' + ctx.tourId,
              '/api/tickets/' + ctx.ticketId,
              '/api/cities',
              '/api/sync',
              '/api/images/' + ctx.mediaId,
              '/auth/register',
              '/auth/nothing',
              '/api/nothing',
              '/api/health/x',
              '/api/../api/users/me',
              '/api//excursions',
            ),
            oddSegment.map((segment) => `/api/${segment}`),
            oddSegment.map((segment) => `/auth/${segment}`),
          ),
          fc.oneof(fc.constant(undefined), brokenJson),
          fc.oneof(fc.constant(bearer(tokens.tourist)), badAuth(ctx)),
        )
        // Real writes on these paths are covered above with their own bodies.
        .filter(([method, path]) => !(method === 'POST' && path === '/auth/register'))
        .map(([method, path, body, auth]) => ({
          method,
          path,
          headers: { ...JSON_TYPE, ...auth },
          ...(body === undefined ? {} : { body }),
        })),
    },
  ];
}

const DEMO_ADMIN = 1;

const rejectReasonSchema = z.object({ reason: z.string().trim().min(1).max(1000) });

function adjust(endpoint: Endpoint, fix: (req: RawRequest) => RawRequest): Endpoint {
  return { ...endpoint, requests: endpoint.requests.map(fix) };
}

function badNumberOrWords(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom('abc', '-1', '1.5', '0x10', '01'),
    fc.integer({ max: 0 }),
    fc.constant(1.5),
  );
}

/** For list calls without input: wrong methods with junk bodies and junk below the path. */
function listCall(name: string, path: string, ctx: FuzzContext): Endpoint {
  return {
    name,
    field: 'detail',
    requests: fc.oneof(
      fc
        .tuple(
          // DELETE /api/tours is a real call, fuzzed with its own bodies above.
          fc.constantFrom(
            ...['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'MKCOL'].filter(
              (m) => !(m === 'DELETE' && path === '/api/tours'),
            ),
          ),
          fc.oneof(brokenJson, notAnObject),
          badAuth(ctx),
        )
        .map(([method, body, auth]) => ({ method, path, headers: { ...JSON_TYPE, ...auth }, body })),
      fc.tuple(oddSegment, oddSegment).map(([a, b]) => ({ method: 'GET', path: `${path}/${a}/${b}` })),
    ),
  };
}
