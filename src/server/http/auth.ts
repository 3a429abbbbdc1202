import type { Context } from 'hono';
import { readBearerToken } from '../../protocol/headers';
import type { TokenClaims } from '../services/tokens';
import { findPrincipal, type Principal } from '../storage/users';
import type { AppDeps } from './deps';
import { HttpError } from './errors';

export const AUTH_TEXTS = {
  required: 'Требуется вход в аккаунт',
  invalid: 'Сессия истекла, войдите снова',
  forbidden: 'Недостаточно прав',
} as const;

/**
 * The caller, from the Bearer token: null without a token, a 401 for a token that is malformed,
 * expired, forged, or older than the user's last demotion or logout. The role is read from the
 * database on every request, never from the token.
 */
export async function optionalPrincipal(
  c: Context,
  deps: AppDeps,
  field: 'detail' | 'message' = 'detail',
): Promise<Principal | null> {
  const header = c.req.header('authorization');
  if (!header) return null;
  const token = readBearerToken(header);
  const claims = token ? await deps.tokens.verify(token) : null;
  const principal = claims ? await findPrincipal(deps.db, claims.userId) : null;
  if (!claims || !principal || principal.tokenVersion !== claims.tokenVersion) {
    throw new HttpError(401, AUTH_TEXTS.invalid, field);
  }
  return principal;
}

/**
 * The claims of the request's Bearer token, checked without the database: null without a token or
 * with one that does not verify. A caller that goes on must still compare the user's token version
 * with the database before trusting it; requirePrincipal does both.
 */
export async function bearerClaims(c: Context, deps: AppDeps): Promise<TokenClaims | null> {
  const header = c.req.header('authorization');
  const token = header ? readBearerToken(header) : null;
  return token ? deps.tokens.verify(token) : null;
}

export async function requirePrincipal(
  c: Context,
  deps: AppDeps,
  field: 'detail' | 'message' = 'detail',
): Promise<Principal> {
  const principal = await optionalPrincipal(c, deps, field);
  if (!principal) throw new HttpError(401, AUTH_TEXTS.required, field);
  return principal;
}
