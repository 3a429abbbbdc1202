import fc from 'fast-check';

// Building blocks of malformed input: values of the wrong type or out of range, broken JSON text,
// huge strings, wrong content types and odd path segments.

/** A long string made cheaply (fast-check's own string arbitraries are slow at these sizes). */
export const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 400_000 }), fc.constantFrom('x', 'я', '😀', '<', '\u0000', '%'))
  .map(([length, unit]) => unit.repeat(length));

/** Numbers a count, price or id must refuse: negative, fractional, enormous or not finite as text. */
export const badNumber = fc.oneof(
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc
    .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
    .filter((n) => !Number.isInteger(n)),
  fc.constantFrom(1e21, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, 0.1, -0.5, 1.5),
);

/** Anything that is not a plain value: objects, arrays, null, booleans. */
export const wrongShape = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), {
    maxKeys: 4,
  }),
  fc.constant({ __proto__: { admin: true } }),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
);

/** Text holding U+0000, which PostgreSQL cannot store: refused even where the text is otherwise fine. */
export const nulString = fc.constantFrom('a\u0000b', '\u0000', 'Иван\u0000', '4242\u0000');

/** A value for a string field that is not an acceptable string. */
export const notAString = fc.oneof(badNumber, fc.integer(), wrongShape, hugeString, nulString);

/** A value for a number field that is not an acceptable number. */
export const notANumber = fc.oneof(
  badNumber,
  fc.string({ maxLength: 20 }),
  fc.constantFrom('1', '0x10', 'NaN', 'Infinity', '-1', '1e3', ''),
  wrongShape,
);

/** Text that JSON.parse refuses. */
export const brokenJson = fc
  .oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      '[1,2',
      '{"tours":[{]}',
      'nul',
      'undefined',
      "{'a':1}",
      '{"a":1,}',
      '\u0000',
      '{"a":"\ud800"',
      '\ufeff{',
      '{"__proto__":',
      'NaN',
    ),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/** Valid JSON that is not an object: the body of a call that expects one. */
export const notAnObject = fc.oneof(
  fc.constantFrom('null', 'true', '0', '-1', '"text"', '[]', '[{}]', '""', '1e400'),
  fc.array(fc.integer(), { maxLength: 5 }).map((list) => JSON.stringify(list)),
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'image/jpeg',
  'application/json; charset=koi8-r',
  'application/octet-stream',
  '*/*',
  '',
);

/** A path segment in place of an id: unknown, malformed, traversal, encodings, huge. */
export const oddSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '..%2f..%2fetc%2fpasswd',
    '%00',
    '%ZZ',
    '%E0%A4%A',
    '%C0%AF',
    'null',
    'undefined',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x1f',
    '9007199254740993',
    '99999999999999999999999',
    'ffffffffffffffffffffffff',
    'FFFFFFFFFFFFFFFFFFFFFFFF',
    '00000000000000000000000g',
    "1'%20OR%20'1'='1",
    '%3Cscript%3E',
    'me',
    '%20',
  ),
  // Not a plain number: "2" is a real user's id, and a real id is no malformed request.
  fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((text) => !/^\s*\+?\d+\s*$/.test(text))
    .map((text) => encodeURIComponent(text)),
  fc.integer({ min: 100, max: 3000 }).map((length) => 'a'.repeat(length)),
);

/** An unknown but well-formed excursion, tour or ticket id. */
export const unknownEntityId = fc
  .uint8Array({ minLength: 12, maxLength: 12 })
  .map((bytes) => `ee${Buffer.from(bytes).toString('hex').slice(2)}`);

/** A well-formed user id nobody has. */
export const unknownUserId = fc.integer({ min: 100_000, max: 2 ** 31 });

export const oddMethod = fc.constantFrom(
  'PUT',
  'PATCH',
  'DELETE',
  'POST',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'PURGE',
);
