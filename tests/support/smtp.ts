import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for tests: it accepts every message and keeps its raw text, so a
// test can read the code out of the e-mail the server really sent.

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  messages: CapturedMail[];
  /** The six-digit code of the newest message to `to`, waiting for it to arrive. */
  codeFor(to: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * `saveTo`: also write each message to that folder as `{n}.json`, so tests in other processes (the
 * e2e workers, while the server runs in the global setup) can read the codes (see `mailedCode`).
 */
export async function startTestSmtp(options: { saveTo?: string } = {}): Promise<TestSmtp> {
  if (options.saveTo) await mkdir(options.saveTo, { recursive: true });
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        if (!options.saveTo) return callback();
        // Written aside and renamed, so a reader in another process never sees a half-written file.
        const path = join(options.saveTo, `${String(messages.length).padStart(6, '0')}.json`);
        writeFile(`${path}.part`, JSON.stringify(mail))
          .then(() => rename(`${path}.part`, path))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async codeFor(to, after = 0) {
      for (let i = 0; i < 100; i++) {
        const mine = messages.slice(after).filter((m) => m.to.includes(to.toLowerCase()));
        const last = mine.at(-1);
        if (last) return extractCode(last.raw);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The code from the Russian text ("Ваш код подтверждения: 123456"), after undoing the transfer encoding. */
export function extractCode(raw: string): string {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const text = decodeBody(raw, headerEnd >= 0 ? raw.slice(headerEnd) : raw);
  const match = /код подтверждения:\s*(\d{6})/i.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail:\n${raw}`);
  return match[1];
}

/** The text of a mail's body, its transfer encoding undone. */
export function bodyOf(mail: CapturedMail): string {
  const split = mail.raw.search(/\r?\n\r?\n/);
  return decodeBody(mail.raw.slice(0, split), mail.raw.slice(split).trim());
}

/** One leaf part of a mail: its headers (folded lines joined), its bare content type, its body decoded. */
export interface MimePart {
  headers: string;
  /** Lower case, without parameters: 'text/plain', 'text/calendar'. */
  contentType: string;
  body: string;
}

/**
 * The leaf parts of a raw mail in order, nested multiparts followed (the text and HTML alternative inside
 * a multipart/mixed beside its attachments), each body decoded.
 */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!contentType.startsWith('multipart/') || !boundary)
    return [{ headers, contentType, body: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => mimeParts(chunk.replace(/^\r?\n/, '')));
}

/** The first part of the raw mail of the content type `type` ('text/plain', 'text/html', 'text/calendar'). */
export function mimePart(raw: string, type: string): MimePart {
  const part = mimeParts(raw).find((p) => p.contentType === type);
  if (!part) throw new Error(`no ${type} part in mail:\n${raw}`);
  return part;
}

/** `body` decoded by the transfer encoding `headers` name (a single-part message's whole text will do). */
function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The code of the newest mail to `to` saved in `dir` after the first `after` files, waiting up to 5 s. */
export async function mailedCode(dir: string, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const last = (await savedMails(dir, after)).filter((m) => m.to.includes(to.toLowerCase())).at(-1);
    if (last) return extractCode(last.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

/** How many mails `dir` holds now: pass it as `after` to wait for the next one. */
export async function mailCount(dir: string): Promise<number> {
  return (await savedNames(dir)).length;
}

/** The mails saved in `dir` after the first `after`, oldest first. */
export async function savedMails(dir: string, after = 0): Promise<CapturedMail[]> {
  const names = (await savedNames(dir)).slice(after);
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as CapturedMail),
  );
}

/** The names of the complete mails `dir` holds, oldest first. */
async function savedNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
}

/** The message's Subject header, its RFC 2047 encoded words decoded. */
export function subjectOf(raw: string): string {
  const headers = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
  const folded = /^subject:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  return folded
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}
