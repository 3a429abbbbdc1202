import { useState } from 'react';
import { canSubmitLogin, canSubmitRegistration, type RegistrationForm } from '../../../../domain/validation';
import { emptyCode } from '../../../../domain/verification-code';
import { requestCode, verifyCode, type Outcome } from '../../../commands/account';
import { useReplica } from '../../hooks/replica';
import { LOGIN } from './strings';

// The wizard of SPEC §4: step 0 (landing), 1 (e-mail and password), 2 (the e-mailed code), 3 (done).
// Login and registration are online only: the server mails the code and hands out the token.

export type WizardStep = 0 | 1 | 2 | 3;
export type WizardMode = 'login' | 'register';
/** Which request is running, so only its button shows the busy text. */
export type Pending = 'credentials' | 'code' | 'resend' | null;

const EMPTY_FORM: RegistrationForm = { email: '', password: '', repeatPassword: '', consent: false };

/** SPEC §8: the server's own text, else the fallback; offline gets its own text (no server spoke). */
export function failureText(outcome: Extract<Outcome<unknown>, { ok: false }>, fallback: string): string {
  return outcome.offline ? LOGIN.errors.offline : (outcome.error ?? fallback);
}

export function useLoginWizard(referrer: number | null) {
  const db = useReplica();
  const [step, setStep] = useState<WizardStep>(0);
  const [mode, setMode] = useState<WizardMode>('login');
  const [form, setForm] = useState<RegistrationForm>(EMPTY_FORM);
  const [boxes, setBoxes] = useState<string[]>(emptyCode);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The address the code went to, as sent (trimmed). */
  const [sentTo, setSentTo] = useState('');
  const [focusSignal, setFocusSignal] = useState(0);

  const email = form.email.trim();
  const canSubmit =
    mode === 'register' ? canSubmitRegistration({ ...form, email }) : canSubmitLogin({ ...form, email });

  const clearMessages = () => {
    setError(null);
    setNotice(null);
  };

  const choose = (next: WizardMode) => {
    setMode(next);
    clearMessages();
    setStep(1);
  };

  /** Назад: one step down (SPEC §4). Step 0 and step 3 are handled by the page. */
  const back = () => {
    clearMessages();
    setBoxes(emptyCode());
    if (step === 1) setStep(0);
    if (step === 2) setStep(1);
  };

  const send = () => requestCode({ db }, mode, email, form.password, mode === 'register' ? referrer : null);

  const submitCredentials = async () => {
    if (!canSubmit || pending) return;
    clearMessages();
    setPending('credentials');
    const outcome = await send();
    setPending(null);
    if (!outcome.ok) {
      setError(failureText(outcome, mode === 'register' ? LOGIN.errors.register : LOGIN.errors.login));
      return;
    }
    setSentTo(email);
    setBoxes(emptyCode());
    setStep(2);
  };

  const resend = async () => {
    if (pending) return;
    clearMessages();
    setPending('resend');
    const outcome = await send();
    setPending(null);
    if (!outcome.ok) {
      setError(failureText(outcome, mode === 'register' ? LOGIN.errors.register : LOGIN.errors.login));
      return;
    }
    setBoxes(emptyCode());
    setNotice(LOGIN.code.resent);
    setFocusSignal((n) => n + 1);
  };

  const verify = async (code: string) => {
    if (pending) return;
    clearMessages();
    setPending('code');
    const outcome = await verifyCode({ db }, sentTo, code);
    setPending(null);
    if (outcome.ok) {
      setStep(3);
      return;
    }
    // A wrong code is cleared so the next try starts from the first box.
    setError(failureText(outcome, LOGIN.errors.code));
    setBoxes(emptyCode());
    setFocusSignal((n) => n + 1);
  };

  const changeBoxes = (next: string[]) => {
    if (error) setError(null);
    setBoxes(next);
  };

  const changeForm = (patch: Partial<RegistrationForm>) => {
    if (error) setError(null);
    setForm((current) => ({ ...current, ...patch }));
  };

  return {
    step,
    mode,
    form,
    boxes,
    pending,
    error,
    notice,
    sentTo,
    focusSignal,
    canSubmit,
    choose,
    back,
    submitCredentials,
    resend,
    verify,
    changeBoxes,
    changeForm,
  };
}

export type LoginWizard = ReturnType<typeof useLoginWizard>;
