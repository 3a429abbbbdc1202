import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

// Access tokens: HS256 JWTs with the algorithm pinned on verification (so `alg: none` or an RS/HS
// confusion is refused), an expiry, the user's token version, which demotion or a logout everywhere
// raises to void every older token, and an id of its own (jti), which a logout on one device puts on
// the revoked list (revoked_tokens) to void that token alone.

const ALGORITHM = 'HS256';
const ISSUER = 'krym-excursions';
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

/** What a verified token says: its claims, its id and when it expires. */
export interface VerifiedToken extends TokenClaims {
  /**
   * The token's id: its jti, or, for a token signed without one, `sig.` and its signature (unique to
   * it as well), so a logout can revoke such a token too.
   */
  jti: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  /** The claims of a valid token, or null for anything else (never throws). */
  verify(token: string): Promise<VerifiedToken | null>;
  /** The code on a ticket's QR: its id and a server MAC, so a guide's check cannot be fooled by a forgery. */
  ticketCode(ticketId: string): string;
  /** The ticket id inside a genuine code, or null. */
  readTicketCode(code: string): string | null;
}

const TICKET_CODE_PREFIX = 'T1';
/** How many verified tokens a process keeps (each a few hundred bytes); all are dropped at the cap. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // Tokens whose signature checked out, until they expire: a client sends the same token with every
  // call, and the signature check is most of an authenticated call's own CPU. Only what the token
  // itself says is kept; whether it was voided is still asked of the database on every request.
  const verified = new Map<string, { claims: VerifiedToken; expiresAt: number }>();
  // Domain-separated from the JWT key use: a ticket MAC can never pass as a token signature.
  const mac = (ticketId: string) =>
    createHmac('sha256', secret).update(`ticket:${ticketId}`).digest('base64url').slice(0, 22);
  return {
    ticketCode: (ticketId) => `${TICKET_CODE_PREFIX}.${ticketId}.${mac(ticketId)}`,
    readTicketCode(code) {
      const [prefix, ticketId, given, ...rest] = code.split('.');
      if (prefix !== TICKET_CODE_PREFIX || !ticketId || !given || rest.length > 0 || ticketId.length > 64)
        return null;
      const expected = Buffer.from(mac(ticketId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? ticketId : null;
    },
    sign: ({ userId, tokenVersion }, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setJti(randomBytes(16).toString('base64url'))
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      if (token.length > 4096) return null;
      const known = verified.get(token);
      if (known && Date.now() < known.expiresAt) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        // Every token signed here has an expiry; one without is kept on a revoked list for the
        // lifetime a token gets.
        const expiresAt =
          typeof payload.exp === 'number'
            ? payload.exp
            : Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS;
        const jti =
          typeof payload.jti === 'string' && payload.jti.length > 0 && payload.jti.length <= 64
            ? payload.jti
            : `sig.${token.slice(token.lastIndexOf('.') + 1)}`;
        const claims: VerifiedToken = { userId, tokenVersion, jti, expiresAt };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on the first start and kept in
 * DATA_DIR (readable by the owner only), so tokens survive restarts.
 */
export async function loadTokenSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  const stored = await readSecret(file);
  if (stored !== undefined && stored.length >= 32) return stored;
  // The new secret is written whole to a file of this process's own, then put in place. Where there
  // was none, link() puts it there only if no other process starting at the same moment did first
  // (EEXIST): then that one's secret is read and used, so every process signs with the same key.
  const secret = randomBytes(48).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await chmod(draft, 0o600);
    if (stored !== undefined) {
      // A secret too short to keep (written by hand): replaced.
      await rename(draft, file);
      return secret;
    }
    try {
      await link(draft, file);
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const winner = await readSecret(file);
      if (winner === undefined || winner.length < 32)
        throw new Error(`unreadable token secret in ${file}`, { cause: error });
      return winner;
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
