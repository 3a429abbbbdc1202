import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdTimeFunctions, type Logger as Pino } from 'pino';

// Leveled logging through pino: one JSON object per line for a log collector, or a readable line per
// event for a person at a terminal (`npm start`). Both carry the same fields: the time, the level,
// the message, the fields bound to the logger, those of the request being handled (its id), and the
// caller's `extra`. Secrets are taken out of every line before it is written.

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
export type LogFormat = 'json' | 'text';
export type LogFields = Record<string, unknown>;

export interface Logger {
  error(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  debug(message: string, extra?: unknown): void;
}

/** A logger whose children write every line with some fields bound (a job's name, a request's id). */
export interface FieldLogger extends Logger {
  child(fields: LogFields): FieldLogger;
}

export interface LoggerOptions {
  /** 'text' by default. */
  format?: LogFormat;
  /**
   * Where the lines go, each ending in a newline. Without it JSON lines go to stdout; text lines go
   * to stdout, errors to stderr, as a terminal user expects.
   */
  write?: (line: string) => void;
}

/** The format a configuration asks for: LOG_FORMAT, else JSON in production and text elsewhere. */
export function logFormatFor(configured: LogFormat | undefined, nodeEnv: string | undefined): LogFormat {
  return configured ?? (nodeEnv === 'production' ? 'json' : 'text');
}

// The fields of the work in progress (a request), read by every logger made here, so a service's
// `deps.log.error(...)` names the request it failed in without being passed anything.
const context = new AsyncLocalStorage<LogFields>();

/** Runs `work` with `fields` added to every line any logger made here writes meanwhile. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

/** The fields withLogFields bound around the caller, if any. */
export function currentLogFields(): Readonly<LogFields> | undefined {
  return context.getStore();
}

// --- Secrets -------------------------------------------------------------------------------------

export const REDACTED = '[redacted]';

// Keys whose values are never written, compared lower-cased without `_` and `-`: credentials and
// tokens, login and e-mail codes, card data, idempotency keys, the payment provider's secret.
const SECRET_PARTS = [
  'password',
  'secret',
  'token',
  'authorization',
  'cookie',
  'jwt',
  'privatekey',
  'apikey',
];
const SECRET_KEYS = new Set([
  'code',
  'logincode',
  'emailcode',
  'otp',
  'checkcode',
  'card',
  'cardnumber',
  'pan',
  'cvc',
  'cvv',
  'csc',
  'idempotencykey',
  'idempotencekey',
  'smtpurl',
  'databaseurl',
]);

function isSecretKey(key: string): boolean {
  const plain = key.toLowerCase().replace(/[-_]/g, '');
  return SECRET_KEYS.has(plain) || SECRET_PARTS.some((part) => plain.includes(part));
}

/** True when the digits pass the Luhn check every payment card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Text with secrets written inside it masked: JWTs, bearer credentials, credentials in a URL, secret
 * query parameters, and card numbers (13 to 19 digits, spaced or not, passing the Luhn check).
 */
export function scrubText(text: string): string {
  return text
    .replace(/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED)
    .replace(/\b(Bearer|Basic) +[\w.~+/=-]{8,}/g, `$1 ${REDACTED}`)
    .replace(/(\/\/)[^/\s:@]+:[^/\s@]+@/g, `$1${REDACTED}@`)
    .replace(
      /([?&;\s](?:access_token|token|code|password|key|secret)=)[^&\s]+/gi,
      (_, name: string) => `${name}${REDACTED}`,
    )
    .replace(/\b\d(?:[ -]?\d){12,18}\b/g, (run) => (luhn(run.replace(/\D/g, '')) ? REDACTED : run));
}

const MAX_DEPTH = 6;

/** An error as plain fields: its kind, message, stack and code, scrubbed like any text. */
function errorFields(error: Error, depth: number): LogFields {
  const fields: LogFields = { type: error.name, message: scrubText(error.message) };
  if (error.stack) fields.stack = scrubText(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') fields.code = code;
  if (error.cause !== undefined) fields.cause = redact(error.cause, depth + 1);
  return fields;
}

/** A copy of `value` fit to be written: secret keys' values masked, texts scrubbed, depth bounded. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return errorFields(value, depth);
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  // Buffers, headers and other objects with their own shape are named, not dumped: a header object
  // would carry Authorization, a body buffer anything at all.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return `[${value.constructor?.name ?? 'object'}]`;
  const out: LogFields = {};
  for (const [key, item] of Object.entries(value))
    out[key] = isSecretKey(key) ? REDACTED : redact(item, depth + 1);
  return out;
}

// Keys a line's own fields use; an `extra` object with one of them is written under `extra`.
const RESERVED = new Set(['time', 'level', 'msg']);

/** The fields a call's `extra` adds: an error as `err`, a plain object's own keys, anything else as `extra`. */
function extraFields(extra: unknown): LogFields | undefined {
  if (extra === undefined) return undefined;
  if (extra instanceof Error) return { err: redact(extra) };
  const clean = redact(extra);
  if (clean !== null && typeof clean === 'object' && !Array.isArray(clean)) {
    const fields = clean as LogFields;
    if (!Object.keys(fields).some((key) => RESERVED.has(key))) return fields;
  }
  return { extra: clean };
}

// --- Text format ---------------------------------------------------------------------------------

function textValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * A JSON line as a person reads it: `[time] LEVEL message key=value …`, and an error's stack on the
 * lines after. No colour codes, so a file or a pipe gets plain text.
 */
export function textLine(json: string): string {
  const { time, level, msg, err, ...fields } = JSON.parse(json) as LogFields & { err?: LogFields };
  const pairs = Object.entries(fields).map(([key, value]) => ` ${key}=${textValue(value)}`);
  const head = `[${String(time)}] ${String(level).toUpperCase()} ${String(msg ?? '')}${pairs.join('')}`;
  if (!err) return `${head}\n`;
  const stack = typeof err.stack === 'string' ? err.stack : `${String(err.type)}: ${String(err.message)}`;
  const { type: _type, message: _message, stack: _stack, ...rest } = err;
  const more = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
  return `${head}\n${stack}${more}\n`;
}

// --- The logger ----------------------------------------------------------------------------------

function wrap(logger: Pino): FieldLogger {
  const emit = (at: 'error' | 'info' | 'debug', message: string, extra: unknown) => {
    if (!logger.isLevelEnabled(at)) return;
    const fields = extraFields(extra);
    if (fields) logger[at](fields, scrubText(message));
    else logger[at](scrubText(message));
  };
  return {
    error: (message, extra) => emit('error', message, extra),
    info: (message, extra) => emit('info', message, extra),
    debug: (message, extra) => emit('debug', message, extra),
    child: (fields) => wrap(logger.child(redact(fields) as LogFields)),
  };
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): FieldLogger {
  const format = options.format ?? 'text';
  const own = options.write;
  const write: (line: string) => void =
    format === 'json'
      ? (own ?? ((line) => void process.stdout.write(line)))
      : own
        ? (line) => own(textLine(line))
        : // A person at a terminal sees errors apart from the rest, on stderr.
          (line) =>
            void (line.startsWith('{"level":"error"') ? process.stderr : process.stdout).write(
              textLine(line),
            );
  const destination = { write };
  const logger = pino(
    {
      level,
      base: null,
      messageKey: 'msg',
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Errors are already plain fields (redact above); pino's own serializer would redo them.
      serializers: { err: (value: unknown) => value },
      // The request being handled (withLogFields); fields already bound or passed win over it.
      mixin: () => context.getStore() ?? {},
    },
    destination,
  );
  return wrap(logger);
}

/** How long a repeating failure of one kind stays quiet after its line. */
export const FAILURE_LOG_WINDOW_MS = 60_000;

/**
 * A logger whose error lines about a failure of a known kind (kindOf: the database cannot be reached)
 * come at most once per kind per window, as one line without a stack trace, counting the ones left
 * out. During an outage every request fails the same way; a line each would bury everything else.
 * Other lines pass through unchanged.
 */
export function throttleFailures(
  log: Logger,
  kindOf: (extra: unknown) => string | undefined,
  windowMs = FAILURE_LOG_WINDOW_MS,
  now: () => number = Date.now,
): Logger {
  const last = new Map<string, { at: number; quiet: number }>();
  return {
    error(message, extra) {
      const kind = extra === undefined ? undefined : kindOf(extra);
      if (kind === undefined) return log.error(message, extra);
      const seen = last.get(kind);
      const at = now();
      if (seen && at - seen.at < windowMs) {
        seen.quiet += 1;
        return;
      }
      const quiet = seen?.quiet
        ? ` (${seen.quiet} more like it in the last ${Math.round(windowMs / 1000)} s)`
        : '';
      last.set(kind, { at, quiet: 0 });
      const reason = extra instanceof Error && extra.message ? `: ${extra.message}` : '';
      log.error(`${message} (${kind})${reason}${quiet}`);
    },
    info: (message, extra) => log.info(message, extra),
    debug: (message, extra) => log.debug(message, extra),
  };
}
