import { ACCESS_TOKEN_STORAGE_KEY } from '../../protocol/headers';
import type { Session } from './engine';

// The session as the sync engine needs it: the access token from local storage (SPEC §9) and the
// user id inside it. The id is only read, not trusted: the server checks the token's signature.

export function userIdFromToken(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const id = Number(json.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function readSession(storage: Pick<Storage, 'getItem'>): Session {
  let token: string | null = null;
  try {
    token = storage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, disabled cookies): behave as signed out.
  }
  return token ? { token, userId: userIdFromToken(token) } : { token: null, userId: null };
}
