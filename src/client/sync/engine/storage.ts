import { replicaDb } from '../../db/schema';
import { updateStatus } from './status';

/**
 * Asks the browser to keep the replica through storage pressure; called once the user has something
 * worth keeping (a favourite, a ticket). A refusal is recorded, not fatal.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = navigator.storage as StorageManager | undefined;
  if (!storage?.persist) return false;
  if (await storage.persisted()) return true;
  const granted = await storage.persist();
  if (!granted)
    await updateStatus(replicaDb(), { lastError: 'persistent storage refused' }).catch(() => undefined);
  return granted;
}
