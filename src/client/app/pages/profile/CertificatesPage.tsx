import './profile.css';
import './forms.css';
import './info.css';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { CERTIFICATES } from './strings';

/** /profile/certificates (SPEC §2): a number and a confirm button. Submission only logs; no call. */
export function CertificatesPage() {
  const [number, setNumber] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    console.warn('certificate submitted (not sent anywhere):', number);
    setSubmitted(number.trim());
  }

  return (
    <div className="certificates-page">
      <PageHeader title={CERTIFICATES.title} />
      <form className="profile-card certificate-form" onSubmit={submit}>
        <p className="profile-lead">{CERTIFICATES.text}</p>
        <label className="field-label" htmlFor="certificate-number">
          {CERTIFICATES.number}
        </label>
        <input
          id="certificate-number"
          value={number}
          placeholder={CERTIFICATES.placeholder}
          autoComplete="off"
          onChange={(event) => setNumber(event.target.value)}
        />
        <button type="submit" className="button button-accent">
          {CERTIFICATES.confirm}
        </button>
        <p className="form-note" role="status">
          {submitted ? CERTIFICATES.received(submitted) : ''}
        </p>
      </form>
    </div>
  );
}
