import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

// Access tokens: HS256 JWTs with the algorithm pinned on verification (so `alg: none` or an RS/HS
// confusion is refused), an expiry, and the user's token version, which demotion or a logout
// everywhere raises to void every older token.

const ALGORITHM = 'HS256';
const ISSUER = 'krym-excursions';
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  /** The claims of a valid token, or null for anything else (never throws). */
  verify(token: string): Promise<TokenClaims | null>;
  /** The code on a ticket's QR: its id and a server MAC, so a guide's check cannot be fooled by a forgery. */
  ticketCode(ticketId: string): string;
  /** The ticket id inside a genuine code, or null. */
  readTicketCode(code: string): string | null;
}

const TICKET_CODE_PREFIX = 'T1';

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      if (token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
        return { userId, tokenVersion };
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
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // first start
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
