import { cancelPolicyText } from './money-text';

/** The excursion's free-cancellation rule, as buyers read it before booking; styled by the page. */
export function CancelPolicy({
  freeCancelHours,
  className,
}: {
  freeCancelHours?: number;
  className: string;
}) {
  return (
    <p className={className} data-testid="cancel-policy">
      {cancelPolicyText(freeCancelHours)}
    </p>
  );
}
