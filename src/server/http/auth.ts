import type { Context } from 'hono';
import { readBearerToken } from '../../protocol/headers';
import type { TokenClaims, VerifiedToken } from '../services/tokens';
import { demotedTokenVersion } from '../storage/accounts';
import { findPrincipal, type Principal } from '../storage/users';
import type { AppDeps } from './deps';
import { ServiceError } from './errors';

export const AUTH_TEXTS = {
  required: 'Требуется вход в аккаунт',
  invalid: 'Сессия истекла, войдите снова',
  forbidden: 'Недостаточно прав',
  roleChanged: 'Администратор изменил вашу роль: войдите снова',
} as const;

/**
 * Why a token older than the user's token version is refused: issued before a demotion, it lost its
 * role, and the user is told so; otherwise a logout everywhere voided it.
 */
async function outdatedTokenText(deps: AppDeps, claims: TokenClaims): Promise<string> {
  const demoted = await demotedTokenVersion(deps.db, claims.userId);
  return demoted !== undefined && claims.tokenVersion < demoted ? AUTH_TEXTS.roleChanged : AUTH_TEXTS.invalid;
}

/**
 * The caller, from the Bearer token: null without a token, a 401 for a token that is malformed,
 * expired, forged, logged out (POST /auth/logout), or older than the user's last demotion or logout
 * everywhere. The role is read from the database on every request, never from the token.
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
  // The revoked list is asked in the same query (findPrincipal): one round trip per request.
  const principal = claims ? await findPrincipal(deps.db, claims.userId, claims.jti) : null;
  if (!claims || !principal || principal.tokenVersion !== claims.tokenVersion) {
    const text = claims && principal ? await outdatedTokenText(deps, claims) : AUTH_TEXTS.invalid;
    throw new ServiceError('unauthenticated', text, field);
  }
  return principal;
}

/**
 * The claims of the request's Bearer token, checked without the database: null without a token or
 * with one that does not verify. A caller that goes on must still compare the user's token version
 * with the database and check the revoked list before trusting it; requirePrincipal does both.
 */
export async function bearerClaims(c: Context, deps: AppDeps): Promise<VerifiedToken | null> {
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
  if (!principal) throw new ServiceError('unauthenticated', AUTH_TEXTS.required, field);
  return principal;
}
