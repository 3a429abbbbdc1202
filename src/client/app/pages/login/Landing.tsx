import { Link } from 'react-router-dom';
import { LOGIN } from './strings';

/** A sun over the sea, the brand's mark for the account screens. */
function AccountArt() {
  return (
    <svg
      className="login-art"
      width="96"
      height="96"
      viewBox="0 0 96 96"
      aria-hidden="true"
      focusable="false"
    >
      <clipPath id="login-art-clip">
        <circle cx="48" cy="48" r="48" />
      </clipPath>
      <g clipPath="url(#login-art-clip)">
        <rect width="96" height="96" fill="#e6f3f7" />
        <circle cx="48" cy="44" r="18" fill="#ffb36b" />
        <path d="M0 58c12-6 22-6 32 0s20 6 32 0 22-6 32 0v38H0z" fill="#0b6e8f" />
        <path d="M0 70c12-6 22-6 32 0s20 6 32 0 22-6 32 0v26H0z" fill="#085670" />
      </g>
    </svg>
  );
}

/**
 * Step 0 (SPEC §2): 'Вы не вошли в аккаунт' with Вход and Регистрация. `signedOutReason` is the
 * server's word on why the app signed the user out on its own (a demotion, a logout everywhere).
 */
export function Landing(props: {
  invited: boolean;
  signedOutReason?: string | null;
  onLogin: () => void;
  onRegister: () => void;
}) {
  return (
    <section className="login-card login-landing" aria-labelledby="login-landing-title">
      <AccountArt />
      <h2 id="login-landing-title">{LOGIN.landing.title}</h2>
      {props.signedOutReason && (
        <p className="login-message login-signed-out" role="status">
          {props.signedOutReason}
        </p>
      )}
      <p className="login-lead">{props.invited ? LOGIN.landing.invited : LOGIN.landing.text}</p>
      <div className="login-actions">
        <button type="button" className="button login-wide" onClick={props.onLogin}>
          {LOGIN.landing.login}
        </button>
        <button type="button" className="button button-accent login-wide" onClick={props.onRegister}>
          {LOGIN.landing.register}
        </button>
      </div>
    </section>
  );
}

/** Opening the login page while signed in: say so and offer the profile instead of the landing. */
export function SignedInNote({ onAnother }: { onAnother: () => void }) {
  return (
    <section className="login-card login-landing" aria-labelledby="login-signed-in-title">
      <AccountArt />
      <h2 id="login-signed-in-title">{LOGIN.signedIn.title}</h2>
      <p className="login-lead">{LOGIN.signedIn.text}</p>
      <div className="login-actions">
        <Link className="button login-wide" to="/profile">
          {LOGIN.signedIn.profile}
        </Link>
        <Link className="button login-secondary login-wide" to="/profile/account">
          {LOGIN.signedIn.account}
        </Link>
        <button type="button" className="login-link-button" onClick={onAnother}>
          {LOGIN.signedIn.another}
        </button>
      </div>
    </section>
  );
}
