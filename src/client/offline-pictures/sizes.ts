import type { Picture } from './plan';
import { CARD_WIDTH } from './names';

// The bytes of pictures at card size, as the server will send them (POST /api/{source}/sizes, see
// src/server/http/routes/media.ts): the size the offer shows is measured, not guessed.

/** Ids per question, under the server's limit of 1000. */
const BATCH = 500;

/** Each picture's bytes by its url; null when the server cannot be asked (offline) or refuses. */
export async function measurePictures(pictures: readonly Picture[]): Promise<Map<string, number> | null> {
  const sizes = new Map<string, number>();
  for (const source of ['images', 'app_media'] as const) {
    const ofSource = pictures.filter((one) => one.source === source);
    for (let start = 0; start < ofSource.length; start += BATCH) {
      const batch = ofSource.slice(start, start + BATCH);
      const answer = await fetch(`/api/${source}/sizes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids: batch.map((one) => one.id), w: CARD_WIDTH }),
      }).catch(() => null);
      if (!answer?.ok) return null;
      const body = (await answer.json().catch(() => null)) as { sizes?: Record<string, unknown> } | null;
      for (const one of batch) {
        const bytes = body?.sizes?.[one.id];
        if (typeof bytes === 'number') sizes.set(one.url, bytes);
      }
    }
  }
  return sizes;
}
