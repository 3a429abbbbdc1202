import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { User } from '../../../../domain/types';
import { isPhoneComplete, formatPhone, phoneToDigits } from '../../../../domain/phone';
import { isValidEmail } from '../../../../domain/validation';
import { awaitSettled, updateProfile } from '../../../sync/outbox/actions';
import { pendingEmailChange } from '../../../commands/email-change';
import { useReplica } from '../../hooks/replica';
import { AvatarField } from './AvatarField';
import { EmailCodeField } from './EmailCodeField';
import { PhoneField } from './PhoneField';
import { useSaveStatus } from '../../hooks/save-status';
import { ACCOUNT } from './strings';

/** How long Save waits for the server before telling the user the change is kept on the phone. */
const SETTLE_TIMEOUT_MS = 4000;
/** Offline there is nothing to wait for: the outbox sends it when the network returns. */
const OFFLINE_SETTLE_TIMEOUT_MS = 300;
/** How long a queued new e-mail is watched for, to offer its code field once the server has it. */
const EMAIL_WATCH_MS = 30 * 60_000;

interface ProfileFields {
  name: string;
  surname: string;
  middlename: string;
  /** As the masked field shows it. */
  phone: string;
  email: string;
  avatar: string;
}

interface FieldErrors {
  phone?: string;
  email?: string;
}

function validate(fields: ProfileFields): FieldErrors {
  return {
    ...(isPhoneComplete(fields.phone) ? {} : { phone: ACCOUNT.phoneIncomplete }),
    ...(isValidEmail(fields.email.trim()) ? {} : { email: ACCOUNT.emailInvalid }),
  };
}

const BUTTON_TEXT = {
  idle: ACCOUNT.save,
  saving: ACCOUNT.saving,
  saved: ACCOUNT.saved,
  error: ACCOUNT.saveFailed,
} as const;

/**
 * The account form (SPEC §2 "Profile account"). It starts from the user's row once and is then the
 * user's own: replica updates arriving while they type never overwrite the fields. A new e-mail is
 * saved with the rest, but becomes the account's only once the code mailed to it is typed here.
 */
export function AccountForm({ user }: { user: User }) {
  const db = useReplica();
  const [fields, setFields] = useState<ProfileFields>(() => ({
    name: user.name,
    surname: user.surname,
    middlename: user.middlename,
    phone: formatPhone(user.phone),
    email: user.email,
    avatar: user.avatar,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const status = useSaveStatus();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [emailChanged, setEmailChanged] = useState(false);
  // Each code the server mails starts its field afresh (an empty input, no error).
  const [codeRound, setCodeRound] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    // A change asked for earlier (or sent later by the outbox) still waits for its code.
    void pendingEmailChange({ db }, user.id).then((outcome) => {
      if (mounted.current && outcome.ok && outcome.value) setPendingEmail(outcome.value);
    });
    return () => {
      mounted.current = false;
    };
  }, [db, user.id]);

  /** The server accepted a save naming a new e-mail: it mailed the code to that address. */
  function awaitCode(address: string) {
    setPendingEmail(address);
    setCodeRound((round) => round + 1);
    setEmailChanged(false);
  }

  const set = (key: keyof ProfileFields) => (value: string) => setFields((now) => ({ ...now, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (status.state === 'saving') return;
    const found = validate(fields);
    setErrors(found);
    setFailure(null);
    setQueued(false);
    if (found.phone || found.email) {
      status.settle('error');
      return;
    }
    status.start();
    const email = fields.email.trim().toLowerCase();
    const newEmail = email !== user.email.toLowerCase();
    try {
      const id = await updateProfile(db, {
        userId: user.id,
        name: fields.name.trim(),
        surname: fields.surname.trim(),
        middlename: fields.middlename.trim(),
        phone: phoneToDigits(fields.phone),
        email: fields.email.trim(),
        avatar: fields.avatar,
      });
      const result = await awaitSettled(
        db,
        id,
        navigator.onLine ? SETTLE_TIMEOUT_MS : OFFLINE_SETTLE_TIMEOUT_MS,
      );
      if (result.state === 'rejected') {
        setFailure(`${ACCOUNT.updateFailed}: ${result.reason}`);
        status.settle('error');
        return;
      }
      setQueued(result.state === 'queued');
      status.settle('saved');
      if (!newEmail) return;
      if (result.state === 'accepted') awaitCode(email);
      else {
        // Queued: the code is mailed once the outbox delivers the save; offer its field then.
        void awaitSettled(db, id, EMAIL_WATCH_MS).then((later) => {
          if (!mounted.current) return;
          if (later.state === 'accepted') {
            setQueued(false);
            awaitCode(email);
          } else if (later.state === 'rejected') setFailure(`${ACCOUNT.updateFailed}: ${later.reason}`);
        });
      }
    } catch {
      // The phone could not even keep the change (storage full or blocked).
      setFailure(ACCOUNT.updateFailed);
      status.settle('error');
    }
  }

  function emailConfirmed(email: string) {
    setPendingEmail(null);
    setFields((now) => ({ ...now, email }));
    setEmailChanged(true);
  }

  const text = (key: 'name' | 'surname' | 'middlename', label: string, autoComplete: string) => (
    <div className="form-field">
      <label className="field-label" htmlFor={`account-${key}`}>
        {label}
      </label>
      <input
        id={`account-${key}`}
        name={key}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(event) => set(key)(event.target.value)}
      />
    </div>
  );

  return (
    <form className="account-form" noValidate onSubmit={(event) => void save(event)}>
      <AvatarField person={fields} avatar={fields.avatar} onUploaded={set('avatar')} />
      <div className="profile-card account-fields">
        {text('name', ACCOUNT.name, 'given-name')}
        {text('surname', ACCOUNT.surname, 'family-name')}
        {text('middlename', ACCOUNT.middlename, 'additional-name')}
        <div className="form-field">
          <label className="field-label" htmlFor="account-phone">
            {ACCOUNT.phone}
          </label>
          <PhoneField
            id="account-phone"
            initial={user.phone}
            onChange={set('phone')}
            invalid={Boolean(errors.phone)}
            describedBy={errors.phone ? 'account-phone-error' : undefined}
          />
          {errors.phone && (
            <p id="account-phone-error" className="form-error">
              {errors.phone}
            </p>
          )}
        </div>
        <div className="form-field">
          <label className="field-label" htmlFor="account-email">
            {ACCOUNT.email}
          </label>
          <input
            id="account-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'account-email-error' : undefined}
            value={fields.email}
            onChange={(event) => set('email')(event.target.value)}
          />
          {errors.email && (
            <p id="account-email-error" className="form-error">
              {errors.email}
            </p>
          )}
          {emailChanged && (
            <p className="form-note" role="status">
              {ACCOUNT.emailChanged}
            </p>
          )}
        </div>
        {pendingEmail && (
          <EmailCodeField
            key={codeRound}
            userId={user.id}
            address={pendingEmail}
            onConfirmed={emailConfirmed}
          />
        )}
      </div>

      <button
        type="submit"
        className={`button account-save state-${status.state}`}
        aria-busy={status.state === 'saving'}
      >
        {BUTTON_TEXT[status.state]}
      </button>
      {/* The button's new text is not announced by itself; this line says it to screen readers. */}
      <p className="visually-hidden" role="status">
        {status.state === 'saved' || status.state === 'error' ? BUTTON_TEXT[status.state] : ''}
      </p>
      {failure && (
        <p className="form-error form-message" role="alert">
          {failure}
        </p>
      )}
      {queued && (
        <p className="form-note" role="status">
          {ACCOUNT.queued}
        </p>
      )}
    </form>
  );
}
