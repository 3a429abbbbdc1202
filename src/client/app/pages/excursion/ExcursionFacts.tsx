import type { ReactNode } from 'react';
import type { ReplicaExcursion } from '../../../../domain/types';
import { PageIcon, type PageIconName } from './icons';
import { DIFFICULTY_TONE, EXCURSION } from './strings';

function Fact({
  icon,
  label,
  children,
  testId,
}: {
  icon: PageIconName;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="excursion-fact" data-testid={testId}>
      <PageIcon name={icon} />
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The trip at a glance: difficulty, group size, duration, and lunch and children when they apply. */
export function ExcursionFacts({ excursion }: { excursion: ReplicaExcursion }) {
  const tone = DIFFICULTY_TONE[excursion.difficulty] ?? 'easy';
  return (
    <dl className="excursion-facts">
      <Fact icon="mountain" label={EXCURSION.difficulty} testId="fact-difficulty">
        {/* The word is always there; the colour (red / orange / green) only reinforces it. */}
        <span className={`difficulty difficulty-${tone}`} data-testid="difficulty">
          {excursion.difficulty}
        </span>
      </Fact>
      <Fact icon="group" label={EXCURSION.groupSize} testId="fact-group">
        {EXCURSION.groupRange(excursion.maxAttendants)}
      </Fact>
      <Fact icon="clock" label={EXCURSION.duration} testId="fact-duration">
        {excursion.duration}
      </Fact>
      {excursion.lunchDuration !== '' && (
        <Fact icon="lunch" label={EXCURSION.lunch} testId="fact-lunch">
          {excursion.lunchDuration}
        </Fact>
      )}
      {excursion.childrenAllowed && (
        <div className="excursion-fact excursion-fact-children" data-testid="fact-children">
          <PageIcon name="child" />
          <dt className="visually-hidden">{EXCURSION.children}</dt>
          <dd>{EXCURSION.withChildren}</dd>
        </div>
      )}
    </dl>
  );
}
