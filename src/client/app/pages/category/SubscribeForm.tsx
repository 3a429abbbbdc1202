import { useId, useState, type FormEvent } from 'react';
import { isValidEmail } from '../../../../domain/validation';
import { CATEGORY } from './strings';

const TEXT = CATEGORY.subscribe;

/**
 * SPEC §2: the subscribe form promises a 5% discount and only records the e-mail; nothing is sent.
 * The address stays in this component's state and the thank-you note shows it back.
 */
export function SubscribeForm() {
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [subscribed, setSubscribed] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isValidEmail(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSubscribed(value);
  };

  return (
    <section className="subscribe" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{TEXT.title}</h2>
      {subscribed !== null ? (
        <p className="subscribe-thanks" role="status">
          {TEXT.thanks(subscribed)}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{TEXT.text}</p>
          <label htmlFor={inputId}>{TEXT.email}</label>
          <div className="subscribe-row">
            <input
              id={inputId}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={TEXT.placeholder}
              value={email}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            <button type="submit" className="button button-accent">
              {TEXT.submit}
            </button>
          </div>
          {invalid && (
            <p id={errorId} className="subscribe-error">
              {TEXT.invalid}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
