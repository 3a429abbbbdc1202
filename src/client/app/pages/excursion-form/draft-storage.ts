import Dexie, { type EntityTable } from 'dexie';
import { ADD_EXCURSION_FORM_STEPS } from '../../../../domain/excursion-form';
import {
  emptyExcursionForm,
  restoreFormValues,
  type ExcursionFormValues,
} from '../../../../domain/excursion-form-values';
import type { PickedFile } from './FilePicker';
import { NO_FILES, type MediaFiles } from './media-files';

// The wizard's draft, per user, in IndexedDB: what was typed, the step and the chosen files survive a
// reload and closing the app (a seller picks photos, then the phone drops the tab while they check a
// price). It is a small database of its own, not a table of the replica: a draft is nobody else's
// data and has no server version, and the replica's schema stays as the sync engine needs it.
//
// Each file is written once, when it is picked, and deleted when it is removed: typing in a field
// rewrites the small draft row, never a video of hundreds of megabytes.

const FIELDS = ['covers', 'gallery', 'video'] as const;
type Field = (typeof FIELDS)[number];

interface DraftRow {
  userId: number;
  values: unknown;
  step: number;
  /** The keys of the picked files of each field, in order. */
  files: Record<Field, string[]>;
}

interface DraftFileRow {
  /** The PickedFile key. */
  key: string;
  userId: number;
  blob: Blob;
  name: string;
  type: string;
  lastModified: number;
}

export const DRAFTS_DB_NAME = 'excursion-drafts';

class DraftDb extends Dexie {
  drafts!: EntityTable<DraftRow, 'userId'>;
  files!: EntityTable<DraftFileRow, 'key'>;

  constructor() {
    super(DRAFTS_DB_NAME);
    // Version 1. A later schema is a new this.version(2).stores({...}), never an edit of this one.
    this.version(1).stores({ drafts: 'userId', files: 'key, userId' });
  }
}

let opened: DraftDb | null = null;
const draftDb = () => (opened ??= new DraftDb());

export interface StoredDraft {
  values: ExcursionFormValues;
  step: number;
  files: MediaFiles;
  /** True when a non-empty draft was found. */
  restored: boolean;
}

const fresh = (): StoredDraft => ({
  values: emptyExcursionForm(),
  step: 0,
  files: NO_FILES,
  restored: false,
});

export async function loadDraft(userId: number): Promise<StoredDraft> {
  try {
    const db = draftDb();
    const [saved, rows] = await db.transaction('r', db.drafts, db.files, () =>
      Promise.all([db.drafts.get(userId), db.files.where('userId').equals(userId).toArray()]),
    );
    if (!saved) return fresh();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const filesOf = (field: Field): PickedFile[] =>
      (saved.files[field] ?? []).flatMap((key) => {
        const row = byKey.get(key);
        if (!row) return [];
        const file = new File([row.blob], row.name, { type: row.type, lastModified: row.lastModified });
        return [{ key, file }];
      });
    const files: MediaFiles = {
      covers: filesOf('covers'),
      gallery: filesOf('gallery'),
      video: filesOf('video'),
    };
    const step = Math.min(
      Math.max(Number.isInteger(saved.step) ? saved.step : 0, 0),
      ADD_EXCURSION_FORM_STEPS - 1,
    );
    const values = restoreFormValues(saved.values);
    // A draft saved before anything was typed or picked is nothing to announce.
    const restored =
      step > 0 ||
      FIELDS.some((field) => files[field].length > 0) ||
      JSON.stringify(values) !== JSON.stringify(emptyExcursionForm());
    return { values, step, files, restored };
  } catch (error) {
    // IndexedDB unavailable (a private window may refuse it): the wizard starts empty.
    console.warn('The excursion draft could not be read', error);
    return fresh();
  }
}

// Saves run one after another, so a slow write of a large file cannot land after a newer draft.
let queue: Promise<void> = Promise.resolve();

/** Keeps the draft: the typed values and step, and the chosen files (each written only once). */
export function saveDraft(
  userId: number,
  values: ExcursionFormValues,
  step: number,
  files: MediaFiles,
): Promise<void> {
  queue = queue.then(() => writeDraft(userId, values, step, files));
  return queue;
}

async function writeDraft(
  userId: number,
  values: ExcursionFormValues,
  step: number,
  files: MediaFiles,
): Promise<void> {
  try {
    const db = draftDb();
    const picked = FIELDS.flatMap((field) => files[field]);
    await db.transaction('rw', db.drafts, db.files, async () => {
      const stored = new Set(await db.files.where('userId').equals(userId).primaryKeys());
      const current = new Set(picked.map((f) => f.key));
      await db.files.bulkDelete([...stored].filter((key) => !current.has(key)));
      await db.files.bulkPut(
        picked
          .filter((f) => !stored.has(f.key))
          .map(({ key, file }) => ({
            key,
            userId,
            blob: file,
            name: file.name,
            type: file.type,
            lastModified: file.lastModified,
          })),
      );
      await db.drafts.put({
        userId,
        values,
        step,
        files: {
          covers: files.covers.map((f) => f.key),
          gallery: files.gallery.map((f) => f.key),
          video: files.video.map((f) => f.key),
        },
      });
    });
  } catch (error) {
    // Storage full or disabled: the draft still lives in the page, it just will not outlive it.
    console.warn('The excursion draft could not be kept', error);
  }
}

/** Forgets the user's draft and its files (the request was sent). */
export function clearDraft(userId: number): Promise<void> {
  queue = queue.then(async () => {
    try {
      const db = draftDb();
      await db.transaction('rw', db.drafts, db.files, async () => {
        await db.drafts.delete(userId);
        await db.files.where('userId').equals(userId).delete();
      });
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  });
  return queue;
}
