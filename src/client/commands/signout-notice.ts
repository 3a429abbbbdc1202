// Why the app signed the user out on its own: the server refused the token and said why (a demotion,
// a logout on every device, an expired session). The text waits in local storage, surviving a reload,
// until the login screen shows it once.

const SIGN_OUT_REASON_KEY = 'signed_out_reason';

export function rememberSignOutReason(storage: Pick<Storage, 'setItem'>, text: string): void {
  try {
    storage.setItem(SIGN_OUT_REASON_KEY, text);
  } catch {
    // Unavailable storage: the login screen simply says nothing extra.
  }
}

/** The reason, if one waits; it is removed, so it is shown once. */
export function takeSignOutReason(storage: Pick<Storage, 'getItem' | 'removeItem'>): string | null {
  try {
    const text = storage.getItem(SIGN_OUT_REASON_KEY);
    if (text !== null) storage.removeItem(SIGN_OUT_REASON_KEY);
    return text;
  } catch {
    return null;
  }
}
