import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { confirmEmailChange } from '../../../commands/email-change';
import { useReplica } from '../../hooks/replica';
import { ACCOUNT } from './strings';

const CODE_PATTERN = /^\d{6}$/;

/**
 * The code mailed to a new e-mail address, typed and confirmed online; the account's address changes
 * only then. Its own field in the account form, confirmed by its own button or Enter.
 */
export function EmailCodeField({
  userId,
  address,
  onConfirmed,
}: {
  userId: number;
  address: string;
  onConfirmed: (email: string) => void;
}) {
  const db = useReplica();
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function confirmCode() {
    if (confirming) return;
    const typed = code.trim();
    if (!CODE_PATTERN.test(typed)) {
      setCodeError(ACCOUNT.emailCodeInvalid);
      return;
    }
    setConfirming(true);
    setCodeError(null);
    try {
      const outcome = await confirmEmailChange({ db }, userId, typed);
      // The form hears of a confirmed change even if it has since asked for another code.
      if (outcome.ok) onConfirmed(outcome.value.email);
      if (!mounted.current) return;
      if (outcome.ok) setCode('');
      else
        setCodeError(
          outcome.offline ? ACCOUNT.emailConfirmOffline : (outcome.error ?? ACCOUNT.emailConfirmFailed),
        );
    } catch {
      if (mounted.current) setCodeError(ACCOUNT.emailConfirmFailed);
    } finally {
      if (mounted.current) setConfirming(false);
    }
  }

  function codeKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter confirms the code here instead of saving the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void confirmCode();
  }

  return (
    <div className="form-field account-email-code">
      <p id="account-email-code-sent" className="form-note" role="status">
        {ACCOUNT.emailCodeSent(address)}
      </p>
      <label className="field-label" htmlFor="account-email-code">
        {ACCOUNT.emailCode}
      </label>
      <input
        id="account-email-code"
        name="email-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        aria-invalid={Boolean(codeError)}
        aria-describedby={codeError ? 'account-email-code-error' : 'account-email-code-sent'}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        onKeyDown={codeKey}
      />
      <button
        type="button"
        className="button account-email-confirm"
        aria-busy={confirming}
        disabled={confirming}
        onClick={() => void confirmCode()}
      >
        {confirming ? ACCOUNT.emailConfirming : ACCOUNT.emailConfirm}
      </button>
      {codeError && (
        <p id="account-email-code-error" className="form-error" role="alert">
          {codeError}
        </p>
      )}
    </div>
  );
}
