import { describe, expect, it } from 'vitest';
import { detailErrorSchema, messageErrorSchema, readErrorText } from '../../../src/protocol/errors';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  AUTHORIZATION_HEADER,
  bearer,
  IDEMPOTENCY_KEY_HEADER,
  readBearerToken,
} from '../../../src/protocol/headers';
import { healthResponseSchema, idempotencyKeySchema } from '../../../src/protocol/http';
import { apiPaths } from '../../../src/protocol/paths';

describe('headers and storage key', () => {
  it('spell the protocol names as the spec does', () => {
    expect(AUTHORIZATION_HEADER).toBe('Authorization');
    expect(IDEMPOTENCY_KEY_HEADER).toBe('Idempotency-Key');
    expect(ACCESS_TOKEN_STORAGE_KEY).toBe('access_token');
  });

  it('round-trips a bearer token', () => {
    expect(readBearerToken(bearer('abc.def.ghi'))).toBe('abc.def.ghi');
    expect(readBearerToken('bearer   xyz ')).toBe('xyz');
  });

  it.each([null, undefined, '', 'Basic abc', 'Bearer', 'Bearer a b'])('finds no token in %j', (header) => {
    expect(readBearerToken(header)).toBeNull();
  });

  it('accepts a UUID idempotency key only', () => {
    expect(idempotencyKeySchema.safeParse('3b241101-e2bb-4255-8caf-4136c566a962').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('retry-1').success).toBe(false);
  });
});

describe('error bodies', () => {
  it('accept {detail} and {message}', () => {
    expect(detailErrorSchema.safeParse({ detail: 'Неверный код' }).success).toBe(true);
    expect(messageErrorSchema.safeParse({ message: 'Tour not found' }).success).toBe(true);
    expect(detailErrorSchema.safeParse({ detail: 42 }).success).toBe(false);
  });

  it('reads the text from either field, detail first', () => {
    expect(readErrorText({ detail: 'A', message: 'B' })).toBe('A');
    expect(readErrorText({ message: 'B' })).toBe('B');
  });

  it.each([null, undefined, 'text', 42, [], {}, { detail: '' }, { detail: [{ msg: 'x' }] }])(
    'gives undefined for %j so the caller falls back to its own text',
    (body) => expect(readErrorText(body)).toBeUndefined(),
  );

  it('caps a huge error text', () => {
    expect(readErrorText({ detail: 'x'.repeat(100_000) })?.length).toBe(2000);
  });
});

describe('health and paths', () => {
  it('accepts {status: ok} only', () => {
    expect(healthResponseSchema.safeParse({ status: 'ok' }).success).toBe(true);
    expect(healthResponseSchema.safeParse({ status: 'down' }).success).toBe(false);
  });

  it('builds the spec paths', () => {
    expect(apiPaths.favorite(12, 'abc')).toBe('/api/users/12/favorites/abc');
    expect(apiPaths.uploadFile()).toBe('/api/uploadfile/');
    expect(apiPaths.specialOffers()).toBe('/api/special-offers');
    expect(apiPaths.sync()).toBe('/api/sync');
    expect(apiPaths.sync('v1:42', 100)).toBe('/api/sync?cursor=v1%3A42&limit=100');
    expect(apiPaths.excursion('../x')).toBe('/api/excursions/..%2Fx');
  });
});
