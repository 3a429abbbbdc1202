import { PageIcon } from './icons';
import { EXCURSION } from './strings';

/** The route stages in order, then where the bus picks people up. */
export function RouteSection({
  directions,
  assemblyPoints,
}: {
  directions: readonly string[];
  assemblyPoints: readonly string[];
}) {
  return (
    <>
      {directions.length > 0 && (
        <section className="excursion-section" aria-labelledby="excursion-route">
          <h2 id="excursion-route">{EXCURSION.route}</h2>
          <ol className="route-steps" data-testid="route-steps">
            {directions.map((step, index) => (
              <li key={`${index}-${step}`}>
                {/* Drawn numbers rather than list markers, so they sit on the timeline line. */}
                <span className="route-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="route-step-text">{step}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {assemblyPoints.length > 0 && (
        <section className="excursion-section" aria-labelledby="excursion-assembly">
          <h2 id="excursion-assembly">{EXCURSION.assemblyPoints}</h2>
          <ul className="assembly-points" data-testid="assembly-points">
            {assemblyPoints.map((point) => (
              <li key={point}>
                <PageIcon name="pin" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
