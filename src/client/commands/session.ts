import { ACCESS_TOKEN_STORAGE_KEY } from '../../protocol/headers';

// The session as the app and the sync engine see it: the access token in local storage (SPEC §9)
// and the user id inside it. The id is only read, not trusted: the server checks the signature.
// Writing the token goes through here, so every listener (screens, the sync engine) hears of it.

export interface Session {
  token: string | null;
  userId: number | null;
}

/** What a token says of itself (its JWT payload), read without checking it; null if unreadable. */
export function tokenPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function userIdFromToken(token: string): number | null {
  const id = Number(tokenPayload(token)?.sub);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function readSession(storage: Pick<Storage, 'getItem'>): Session {
  let token: string | null = null;
  try {
    token = storage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, disabled cookies): behave as signed out.
  }
  const userId = token ? userIdFromToken(token) : null;
  // A token without a readable user is no session at all.
  return token && userId !== null ? { token, userId } : { token: null, userId: null };
}

const listeners = new Set<() => void>();

/** Hears this tab's logins and logouts; another tab's arrive as `storage` events. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores or removes the token, then tells every listener. */
export function writeToken(storage: Pick<Storage, 'setItem' | 'removeItem'>, token: string | null): void {
  try {
    if (token) storage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
    else storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Unavailable storage: the session lives until the page closes.
  }
  for (const listener of listeners) listener();
}
