import { ADD_EXCURSION_FORM_STEPS } from '../../../../domain/excursion-form';
import {
  emptyExcursionForm,
  restoreFormValues,
  type ExcursionFormValues,
} from '../../../../domain/excursion-form-values';

// The wizard's typed draft in session storage, per user: a reload (or the phone dropping the tab
// while the seller checks a price) keeps what was typed. Files are not kept: they can be hundreds of
// megabytes, and storage holds text.

const key = (userId: number) => `add-excursion-draft:${userId}`;

export interface StoredDraft {
  values: ExcursionFormValues;
  step: number;
  /** True when a non-empty draft was found. */
  restored: boolean;
}

export function loadDraft(userId: number): StoredDraft {
  const fresh = { values: emptyExcursionForm(), step: 0, restored: false };
  try {
    const text = sessionStorage.getItem(key(userId));
    if (!text) return fresh;
    const saved = JSON.parse(text) as { values?: unknown; step?: unknown };
    const step = Math.min(
      Math.max(Number.isInteger(saved.step) ? (saved.step as number) : 0, 0),
      ADD_EXCURSION_FORM_STEPS - 1,
    );
    const values = restoreFormValues(saved.values);
    // A draft saved before anything was typed is nothing to announce.
    const restored = step > 0 || JSON.stringify(values) !== JSON.stringify(fresh.values);
    return { values, step, restored };
  } catch {
    return fresh;
  }
}

export function saveDraft(userId: number, values: ExcursionFormValues, step: number): void {
  try {
    sessionStorage.setItem(key(userId), JSON.stringify({ values, step }));
  } catch (error) {
    // Storage full or disabled: the draft still lives in the page, it just will not survive a reload.
    console.warn('The excursion draft could not be kept in session storage', error);
  }
}

export function clearDraft(userId: number): void {
  try {
    sessionStorage.removeItem(key(userId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
