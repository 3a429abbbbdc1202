import './lists.css';
import { useEffect, useRef, useState } from 'react';
import type { EntityId, ReplicaExcursion, ReplicaTour } from '../../../../domain/types';
import { useCurrentUser } from '../../hooks/account';
import { ExcursionCard } from '../ExcursionCard';

/**
 * Cards drawn in one go: a phone screen shows two or three, so the first render builds only a few
 * more than that, and the rest of a step follow a few at a time when the main thread is idle. On a
 * slow phone each card costs milliseconds, and thirty at once block taps for a quarter of a second.
 */
export const CARD_BATCH = 6;
/** Cards a list grows to each time the end of the drawn ones nears the screen. */
export const CARD_STEP = 30;

export interface ExcursionCardListProps {
  excursions: readonly ReplicaExcursion[];
  /** Each excursion's nearest tour; an excursion absent from it has no dates. */
  nearest: ReadonlyMap<EntityId, ReplicaTour>;
  label?: string;
  /** How many leading cards load their picture eagerly (the ones above the fold). */
  eagerCount?: number;
  /**
   * What the order stands for (a sort tab). When it changes, nearly every drawn card is another one:
   * the list starts again from its first batch and grows back to where it reached, a batch per idle
   * moment, so a tap on a tab builds a screenful of new cards, not all the cards drawn so far.
   */
  order?: string;
}

/** Runs `work` when the main thread is idle (or soon, where requestIdleCallback is missing). */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 16);
  return () => clearTimeout(id);
}

/**
 * A column of excursion cards (SPEC §2 'Excursion card'), the same on every list screen. Only the
 * cards a person has scrolled near are drawn: a catalogue of thousands stays one step of cards to
 * render, so a sort-tab change or a replica update redraws a screenful, not the whole catalogue.
 */
export function ExcursionCardList({
  excursions,
  nearest,
  label,
  eagerCount = 1,
  order,
}: ExcursionCardListProps) {
  const user = useCurrentUser();
  // `target` is how far the list should reach; `drawn` catches up with it a batch per idle moment.
  const [target, setTarget] = useState(CARD_STEP);
  const [drawn, setDrawn] = useState(CARD_BATCH);
  const [drawnOrder, setDrawnOrder] = useState(order);
  if (order !== drawnOrder) {
    // Adjusted while rendering, so the new order's first commit already holds just the first batch.
    setDrawnOrder(order);
    setDrawn(CARD_BATCH);
  }
  const end = useRef<HTMLDivElement>(null);
  const limit = Math.min(target, excursions.length);
  const more = drawn < excursions.length;
  const caughtUp = drawn >= limit;

  useEffect(() => {
    if (caughtUp) return;
    return whenIdle(() => setDrawn((count) => Math.min(count + CARD_BATCH, limit)));
  }, [caughtUp, drawn, limit]);

  useEffect(() => {
    const marker = end.current;
    if (!more || !caughtUp || !marker) return;
    // Well before the end comes into view, so scrolling never meets an empty space.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setTarget(drawn + CARD_STEP);
      },
      { rootMargin: '1500px 0px' },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [more, caughtUp, drawn]);

  return (
    <>
      <ul className="excursion-list" aria-label={label}>
        {excursions.slice(0, drawn).map((excursion, index) => (
          <li key={excursion._id}>
            <ExcursionCard
              excursion={excursion}
              nearestTour={nearest.get(excursion._id)}
              user={user}
              eager={index < eagerCount}
            />
          </li>
        ))}
      </ul>
      {more && <div ref={end} aria-hidden="true" />}
    </>
  );
}
