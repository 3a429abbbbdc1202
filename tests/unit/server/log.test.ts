import { describe, expect, it } from 'vitest';
import {
  createLogger,
  logFormatFor,
  REDACTED,
  withLogFields,
  type LogFormat,
  type LogLevel,
} from '../../../src/server/log';
import { trustedProxyList } from '../../../src/server/client-address';
import { acceptedRequestId, redactedPath, requestIdFor } from '../../../src/server/http/request-context';

// The log lines as an operator reads them: their two formats, the fields bound to them, and what
// never reaches them.

function capture(level: LogLevel = 'debug', format: LogFormat = 'json') {
  const lines: string[] = [];
  const log = createLogger(level, { format, write: (line) => void lines.push(line) });
  return { log, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjQsInRva2VuVmVyc2lvbiI6MH0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('log formats', () => {
  it('writes one JSON object per line with time, level, message and the extra fields', () => {
    const { log, lines, parsed } = capture();
    log.info('ticket booked', { ticketId: 't1', seats: [3, 4] });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('}\n')).toBe(true);
    const [line] = parsed();
    expect(line).toMatchObject({ level: 'info', msg: 'ticket booked', ticketId: 't1', seats: [3, 4] });
    expect(new Date(line?.time as string).toISOString()).toBe(line?.time);
  });

  it('writes an error as err with its type, message and stack, on one line', () => {
    const { log, lines, parsed } = capture();
    log.error('refund failed', Object.assign(new TypeError('provider said no'), { code: 'E_NO' }));
    expect(lines[0]?.trimEnd()).not.toContain('\n');
    const err = parsed()[0]?.err as Record<string, unknown>;
    expect(err).toMatchObject({ type: 'TypeError', message: 'provider said no', code: 'E_NO' });
    expect(err.stack).toMatch(/^TypeError: provider said no\n\s+at /);
  });

  it('keeps an extra that is not a plain object, or that would overwrite a line field, under extra', () => {
    const { log, parsed } = capture();
    log.info('a list', [1, 2]);
    log.info('a text', 'plain words');
    log.info('clashing', { msg: 'not mine', level: 'fatal' });
    expect(parsed().map((line) => [line.msg, line.level, line.extra])).toEqual([
      ['a list', 'info', [1, 2]],
      ['a text', 'info', 'plain words'],
      ['clashing', 'info', { msg: 'not mine', level: 'fatal' }],
    ]);
  });

  it('writes readable text lines without colour codes, an error stack on the lines after', () => {
    const { log, lines } = capture('debug', 'text');
    log.info('ready on http://127.0.0.1:3000', { engine: 'pglite', note: 'two words' });
    log.error('close failed', new Error('socket hang up'));
    expect(lines[0]).toMatch(
      /^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] INFO ready on http:\/\/127\.0\.0\.1:3000 engine=pglite note="two words"\n$/,
    );
    expect(lines[1]).toMatch(/^\[[^\]]+\] ERROR close failed\nError: socket hang up\n\s+at /);
    expect(lines.join('')).not.toContain('\u001b[');
  });

  it('writes only the levels the configured one lets through', () => {
    const { log, parsed } = capture('error');
    log.debug('noise');
    log.info('news');
    log.error('trouble');
    expect(parsed().map((line) => line.msg)).toEqual(['trouble']);
    const silent = capture('silent');
    silent.log.error('trouble');
    expect(silent.lines).toEqual([]);
  });

  it('chooses JSON in production and text elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(logFormatFor(undefined, 'production')).toBe('json');
    expect(logFormatFor(undefined, undefined)).toBe('text');
    expect(logFormatFor(undefined, 'development')).toBe('text');
    expect(logFormatFor('text', 'production')).toBe('text');
    expect(logFormatFor('json', undefined)).toBe('json');
  });
});

describe('bound fields', () => {
  it("writes a child's fields on each of its lines, and not on its parent's", () => {
    const { log, parsed } = capture();
    const job = log.child({ job: 'refunds' });
    job.info('sent', { count: 2 });
    job.child({ refundId: 'r9' }).error('refused');
    log.info('parent');
    expect(parsed().map(({ time: _time, ...rest }) => rest)).toEqual([
      { level: 'info', job: 'refunds', count: 2, msg: 'sent' },
      { level: 'error', job: 'refunds', refundId: 'r9', msg: 'refused' },
      { level: 'info', msg: 'parent' },
    ]);
  });

  it('writes the fields of the work in progress on every line written inside it, awaits included', async () => {
    const { log, parsed } = capture();
    await withLogFields({ requestId: 'req-1' }, async () => {
      log.info('first');
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.error('after a wait', new Error('x'));
      await withLogFields({ step: 'pay' }, () => Promise.resolve(log.debug('nested')));
    });
    log.info('outside');
    expect(parsed().map((line) => [line.msg, line.requestId, line.step])).toEqual([
      ['first', 'req-1', undefined],
      ['after a wait', 'req-1', undefined],
      ['nested', 'req-1', 'pay'],
      ['outside', undefined, undefined],
    ]);
  });
});

describe('secrets', () => {
  it('masks the values of secret keys at any depth, and keeps the rest', () => {
    const { log, lines, parsed } = capture();
    log.info('login', {
      login_email: 'anna@example.ru',
      password: 'hunter2-hunter2',
      code: '482913',
      nested: {
        access_token: 'opaque-token',
        Authorization: 'Basic YWxhZGRpbjpvcGVu',
        list: [{ cvc: '123' }],
      },
      'Idempotency-Key': '0f8fad5b-d9cb-469f-a165-70867728950e',
      card_number: '5555555555554444',
      YOOKASSA_SECRET_KEY: 'live_abcdef',
      newPassword: 'another-one',
      ticketId: 't1',
    });
    const text = lines.join('');
    for (const secret of [
      'hunter2',
      '482913',
      'opaque-token',
      'YWxhZGRpbjpvcGVu',
      '123"',
      '0f8fad5b',
      '5555555555554444',
      'live_abcdef',
      'another-one',
    ])
      expect(text).not.toContain(secret);
    expect(parsed()[0]).toMatchObject({
      login_email: 'anna@example.ru',
      password: REDACTED,
      code: REDACTED,
      nested: { access_token: REDACTED, Authorization: REDACTED, list: [{ cvc: REDACTED }] },
      ticketId: 't1',
    });
  });

  it('scrubs tokens, card numbers and URL credentials out of messages and error texts', () => {
    const { log, lines } = capture();
    log.error(`GET /api/users/me?access_token=${JWT} failed`);
    log.error('provider refused', new Error(`card 4242 4242 4242 4242 declined for Bearer ${JWT}`));
    log.info('mail relay smtp://mailer:s3cr3t-pass@smtp.example.ru:587 is slow');
    log.info('order 1700000000000 and 2026-11-29 stay');
    const text = lines.join('');
    expect(text).not.toContain(JWT.split('.')[2]);
    expect(text).not.toContain('4242 4242 4242 4242');
    expect(text).not.toContain('s3cr3t-pass');
    // Numbers that are not card numbers (a failed Luhn check) and dates are kept.
    expect(text).toContain('order 1700000000000 and 2026-11-29 stay');
  });

  it('names objects of their own kind instead of dumping them: headers, buffers, requests', () => {
    const { log, lines } = capture();
    log.info('odd extras', {
      headers: new Headers({ authorization: `Bearer ${JWT}` }),
      body: Buffer.from('password=hunter2'),
    });
    const text = lines.join('');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(JWT);
    expect(JSON.parse(text)).toMatchObject({ headers: '[Headers]', body: '[Buffer]' });
  });

  it('masks secret fields bound to a child', () => {
    const { log, lines } = capture();
    log.child({ token: JWT, userId: 4 }).info('bound');
    expect(lines.join('')).not.toContain(JWT);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ token: REDACTED, userId: 4 });
  });
});

describe('request ids', () => {
  const proxy = trustedProxyList(['10.0.0.0/8', '::1/128']);

  it("keeps a trusted proxy's sane id", () => {
    for (const id of ['abc', 'edge-7f3a.1_b', 'A'.repeat(128), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      expect(acceptedRequestId('10.1.2.3', id, proxy)).toBe(id);
      expect(requestIdFor('10.1.2.3', id, proxy)).toBe(id);
    }
    expect(acceptedRequestId('::ffff:10.1.2.3', 'abc', proxy)).toBe('abc');
    expect(acceptedRequestId('::1', 'abc', proxy)).toBe('abc');
  });

  it('refuses an id from a peer that is not a trusted proxy, or with no proxies configured', () => {
    expect(acceptedRequestId('192.0.2.7', 'abc', proxy)).toBeUndefined();
    expect(acceptedRequestId(undefined, 'abc', proxy)).toBeUndefined();
    expect(acceptedRequestId('10.1.2.3', 'abc', null)).toBeUndefined();
  });

  it('refuses an id that is empty, too long, or has characters beyond [A-Za-z0-9._-]', () => {
    for (const bad of ['', 'A'.repeat(129), 'has space', 'a\nb', 'semi;colon', 'ключ', '"quoted"', 'a/b'])
      expect(acceptedRequestId('10.1.2.3', bad, proxy)).toBeUndefined();
    expect(acceptedRequestId('10.1.2.3', undefined, proxy)).toBeUndefined();
  });

  it('makes a fresh UUID when none is kept, a new one each time', () => {
    const one = requestIdFor('192.0.2.7', 'abc', proxy);
    const two = requestIdFor('192.0.2.7', 'abc', proxy);
    expect(one).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(two).not.toBe(one);
  });

  it('writes a path without a route pattern with its ids and tokens left out', () => {
    expect(redactedPath('/api/nothing/65a1f0c2e4b0a1b2c3d4e5f6')).toBe('/api/nothing/:x');
    expect(redactedPath(`/api/x/${JWT}`)).toBe('/api/x/:x');
    expect(redactedPath('/assets/index.js')).toBe('/assets/index.js');
    expect(redactedPath('/')).toBe('/');
  });
});
