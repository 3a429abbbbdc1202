import type { Readable, Writable } from 'node:stream';
import { passwordSchema } from '../../protocol/auth';
import { OpsError } from './errors';
import { OPS_TEXTS } from './strings';

// A password never comes as an argument: it would stay in the shell's history and show in the process
// list. At a terminal it is typed twice without echo; from a pipe or a file (a script, a test) it is
// the first line of the standard input.

/** A terminal's input as this module needs it: raw mode switches the echo off. */
interface TerminalInput extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

const ENTER = new Set(['\r', '\n']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = new Set(['\u007f', '\b']);

/** Reads one line typed at the terminal without showing it. */
function typeHidden(input: TerminalInput, output: Writable, prompt: string): Promise<string> {
  return new Promise((done, fail) => {
    // Raw mode first: anything typed as soon as the prompt shows is not echoed either.
    input.setRawMode?.(true);
    output.write(prompt);
    let typed = '';
    input.setEncoding('utf8');
    input.resume();
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) fail(error);
      else done(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (ENTER.has(char)) return finish();
        if (char === CTRL_C || char === CTRL_D) return finish(new OpsError(OPS_TEXTS.cancelled));
        if (BACKSPACE.has(char)) typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of a non-terminal input, without its line end; the rest is not read. */
function readFirstLine(input: Readable): Promise<string | undefined> {
  return new Promise((done, fail) => {
    let buffered = '';
    input.setEncoding('utf8');
    const finish = (line: string | undefined) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', fail);
      input.pause();
      done(line);
    };
    const onData = (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end >= 0) finish(buffered.slice(0, end).replace(/\r$/, ''));
    };
    const onEnd = () => finish(buffered === '' ? undefined : buffered.replace(/\r$/, ''));
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', fail);
  });
}

/** Checks a new password against the app's own rules (protocol/auth.ts passwordSchema). */
export function checkNewPassword(password: string): string {
  if (!passwordSchema.safeParse(password).success) throw new OpsError(OPS_TEXTS.passwordRules);
  return password;
}

/**
 * Asks for a new password: twice without echo at a terminal, else one line of the input. Checked
 * against the app's password rules.
 */
export async function readNewPassword(
  input: TerminalInput = process.stdin,
  output: Writable = process.stderr,
): Promise<string> {
  if (input.isTTY && input.setRawMode) {
    const first = checkNewPassword(await typeHidden(input, output, OPS_TEXTS.passwordPrompt));
    const second = await typeHidden(input, output, OPS_TEXTS.passwordRepeat);
    if (first !== second) throw new OpsError(OPS_TEXTS.passwordMismatch);
    return first;
  }
  const line = await readFirstLine(input);
  if (line === undefined) throw new OpsError(OPS_TEXTS.passwordEmpty);
  return checkNewPassword(line);
}
