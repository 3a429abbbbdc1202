import { useState } from 'react';
import { formatRoubles } from '../../../../domain/pricing';
import type { ReplicaExcursion } from '../../../../domain/types';
import { CancelPolicy } from '../../components/money/CancelPolicy';
import { PRICE } from './strings';

type Audience = 'adult' | 'child';

/**
 * The struck-through price beside a current one. An initial price of 0 or below means the seller never
 * set one (not a 100 % discount), so nothing is struck through — the same reading as the card's.
 */
function previousPrice(current: number, initial: number): number | null {
  return initial > 0 && initial !== current ? initial : null;
}

/**
 * SPEC §2 price block: adult or child fare, entry tickets paid on site, paid extras, and until when a
 * paid ticket is returned for free.
 */
export function PriceBlock({ excursion }: { excursion: ReplicaExcursion }) {
  const [chosen, setChosen] = useState<Audience>('adult');
  // Without children allowed there is no toggle and the adult fare is the only one.
  const audience: Audience = excursion.childrenAllowed ? chosen : 'adult';
  const child = audience === 'child';
  const price = child ? excursion.kidPrice : excursion.adultPrice;
  const oldPrice = child
    ? previousPrice(excursion.kidPrice, excursion.kidInitPrice)
    : previousPrice(excursion.adultPrice, excursion.adultInitPrice);
  const entry = child ? excursion.kidEntryPrice : excursion.adultEntryPrice;

  return (
    <section
      className="excursion-section price-block"
      aria-labelledby="excursion-price"
      data-testid="price-block"
    >
      <div className="price-head">
        <h2 id="excursion-price">{PRICE.title}</h2>
        {excursion.childrenAllowed && (
          <div className="price-toggle" role="group" aria-label={PRICE.audience}>
            {(['adult', 'child'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={audience === option}
                onClick={() => setChosen(option)}
              >
                {option === 'adult' ? PRICE.adult : PRICE.child}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="price-main">
        <strong data-testid="price-current">{formatRoubles(price)}</strong>
        {oldPrice !== null && (
          <s data-testid="price-old" aria-label={`${PRICE.oldPrice}: ${formatRoubles(oldPrice)}`}>
            {formatRoubles(oldPrice)}
          </s>
        )}
        <span className="price-per">{child ? PRICE.perChild : PRICE.perAdult}</span>
      </p>
      {excursion.entryTickets && (
        <p className="price-entry" data-testid="price-entry">
          <span>
            {PRICE.entry}: <strong>{entry > 0 ? formatRoubles(entry) : PRICE.entryFree}</strong>
          </span>
          <span className="price-note">{PRICE.entryNote}</span>
        </p>
      )}
      <CancelPolicy className="price-cancel" freeCancelHours={excursion.freeCancelHours} />
      {excursion.services.length > 0 && (
        <div className="price-services">
          <h3>{PRICE.services}</h3>
          <ul>
            {excursion.services.map((service) => (
              <li key={service.name}>
                <span>{service.name}</span>
                <span className="price-service-amount">
                  {formatRoubles(service.price)} <small>{PRICE.perPerson}</small>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
