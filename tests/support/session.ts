import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { createTokenService } from '../../src/server/services/tokens';

// Until the login wizard drives it, an e2e test signs in by minting a token with the server's own
// secret (kept in its data folder) and putting it where the app keeps it (SPEC §9: access_token).

export async function mintToken(dataDir: string, userId: number): Promise<string> {
  const secret = (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim();
  return createTokenService(secret).sign({ userId, tokenVersion: 0 });
}

export async function signIn(context: BrowserContext, dataDir: string, userId: number): Promise<string> {
  const token = await mintToken(dataDir, userId);
  await context.addInitScript((value) => localStorage.setItem('access_token', value), token);
  return token;
}
