import './login.css';
import './login-form.css';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { normaliseReferrerId } from '../../../../protocol/auth';
import { takeSignOutReason } from '../../../commands/signout-notice';
import { LOGIN_PATH } from '../../components/RequireAuth';
import { useSession } from '../../hooks/session';
import { CodeStep } from './CodeStep';
import { CredentialsStep } from './CredentialsStep';
import { Landing, SignedInNote } from './Landing';
import { ResetCodeStep } from './ResetCodeStep';
import { ResetEmailStep } from './ResetEmailStep';
import { LOGIN } from './strings';
import { SuccessStep } from './SuccessStep';
import { useLoginWizard } from './wizard';
import { WizardHeader } from './WizardHeader';

/**
 * Where RequireAuth sent the visitor from, to offer the way back after login. Only an in-app path
 * is taken: the state could come from anywhere in history, and '//host' would leave the app.
 */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from.startsWith(LOGIN_PATH) ? null : from;
}

/**
 * Why the app signed the user out on its own, taken once while no one is signed in: on arrival, or
 * when the sign-out happens with this page open.
 */
function useSignedOutReason(userId: number | null): string | null {
  const [reason, setReason] = useState<string | null>(null);
  useEffect(() => {
    if (userId !== null) return;
    const text = takeSignOutReason(localStorage);
    if (text) setReason(text);
  }, [userId]);
  return userId === null ? reason : null;
}

/** /profile/login and /profile/login/:refId (SPEC §2): the login and registration wizard. */
export function LoginPage() {
  const { refId } = useParams();
  // A broken referral link is dropped, not refused: the visitor can still register.
  const referrer = normaliseReferrerId(refId);
  const location = useLocation();
  const navigate = useNavigate();
  const { userId } = useSession();
  const signedOutReason = useSignedOutReason(userId);
  const wizard = useLoginWizard(referrer);
  const [anotherAccount, setAnotherAccount] = useState(false);
  const { step, mode } = wizard;

  const leave = () => {
    // A link opened directly has no history inside the app: go home instead of leaving it.
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate('/');
  };

  const signedIn = step === 0 && userId !== null && !anotherAccount;
  const title =
    step === 0
      ? LOGIN.titles.landing
      : mode === 'reset'
        ? LOGIN.titles.reset
        : step === 2
          ? LOGIN.titles.code
          : mode === 'register'
            ? LOGIN.titles.register
            : LOGIN.titles.login;

  return (
    <div className="login-page">
      <WizardHeader
        step={step}
        title={title}
        onBack={step === 3 ? undefined : step === 0 ? leave : wizard.back}
      />
      {signedIn ? (
        <SignedInNote onAnother={() => setAnotherAccount(true)} />
      ) : step === 0 ? (
        <Landing
          invited={referrer !== null}
          signedOutReason={signedOutReason}
          onLogin={() => wizard.choose('login')}
          onRegister={() => wizard.choose('register')}
        />
      ) : step === 1 ? (
        mode === 'reset' ? (
          <ResetEmailStep wizard={wizard} />
        ) : (
          <CredentialsStep wizard={wizard} invited={referrer !== null} />
        )
      ) : step === 2 ? (
        mode === 'reset' ? (
          <ResetCodeStep wizard={wizard} />
        ) : (
          <CodeStep wizard={wizard} />
        )
      ) : (
        <SuccessStep mode={mode} from={returnPath(location.state)} />
      )}
    </div>
  );
}
