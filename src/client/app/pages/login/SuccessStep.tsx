import { Link } from 'react-router-dom';
import { LOGIN } from './strings';
import type { WizardMode } from './wizard';

/** Step 3 (SPEC §2): the success text and the way on to the account, or back where RequireAuth sent us from. */
export function SuccessStep({ mode, from }: { mode: WizardMode; from: string | null }) {
  return (
    <section className="login-card login-landing" aria-labelledby="login-success-title">
      <svg
        className="login-success-art"
        width="88"
        height="88"
        viewBox="0 0 88 88"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="44" cy="44" r="44" fill="#e3f4ea" />
        <circle cx="44" cy="44" r="30" fill="#1f8a4c" />
        <path
          d="m31 45 9 9 18-19"
          fill="none"
          stroke="#ffffff"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div role="status">
        <h2 id="login-success-title">{LOGIN.success[mode]}</h2>
      </div>
      <p className="login-lead">{LOGIN.success.text}</p>
      <div className="login-actions">
        {from && (
          <Link className="button button-accent login-wide" to={from} replace>
            {LOGIN.success.continue}
          </Link>
        )}
        <Link className={`button login-wide${from ? ' login-secondary' : ''}`} to="/profile/account">
          {LOGIN.success.account}
        </Link>
      </div>
    </section>
  );
}
