import { Icon } from '../../shell/icons';
import { LOGIN } from './strings';

/** Назад and the title; the three form steps also show where the user is (SPEC §4: 0 → 1 → 2 → 3). */
export function WizardHeader({ title, step, onBack }: { title: string; step: number; onBack?: () => void }) {
  return (
    <div className="login-header">
      <div className="page-header">
        {onBack ? (
          <button type="button" className="icon-button" aria-label={LOGIN.back} onClick={onBack}>
            <Icon name="back" />
          </button>
        ) : (
          <span className="login-header-spacer" aria-hidden="true" />
        )}
        <h1>{title}</h1>
      </div>
      {step > 0 && (
        <div className="login-progress" role="img" aria-label={LOGIN.progress(step, 3)}>
          {[1, 2, 3].map((n) => (
            <span key={n} className={n <= step ? 'done' : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}
