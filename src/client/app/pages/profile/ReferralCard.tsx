import { useEffect, useState } from 'react';
import { ProfileIcon } from './icons';
import { REFERRAL } from './strings';

/** SPEC §9: the referral QR code is 256 px with the high error-correction level. */
const QR_SIZE = 256;

/** The seller's link to the login page with the seller as referrer (SPEC §2, §6), and its QR code. */
export function ReferralCard({ userId }: { userId: number }) {
  const link = `${window.location.origin}/profile/login/${userId}`;
  const [qr, setQr] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    let cancelled = false;
    // qrcode is needed by sellers only: it loads with this card, not with the page.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(link, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'H' }))
      .then((url) => {
        if (!cancelled) setQr(url);
      })
      .catch((error: unknown) => console.warn('QR code not drawn', error));
    return () => {
      cancelled = true;
    };
  }, [link]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <section className="profile-card referral-card" aria-labelledby="referral-title">
      <h2 id="referral-title">{REFERRAL.title}</h2>
      <p className="referral-text">{REFERRAL.text}</p>
      <label className="field-label" htmlFor="referral-link">
        {REFERRAL.link}
      </label>
      <div className="referral-row">
        <input id="referral-link" readOnly value={link} onFocus={(event) => event.target.select()} />
        <button type="button" className="icon-button referral-copy" aria-label={REFERRAL.copy} onClick={copy}>
          <ProfileIcon name="copy" />
        </button>
      </div>
      <p className="referral-copy-status" role="status">
        {copyState === 'copied' ? REFERRAL.copied : copyState === 'failed' ? REFERRAL.copyFailed : ''}
      </p>
      <div className="referral-qr">
        {qr ? (
          <img src={qr} alt={REFERRAL.qr} width={QR_SIZE} height={QR_SIZE} />
        ) : (
          <span className="referral-qr-placeholder" style={{ width: QR_SIZE, height: QR_SIZE }} />
        )}
      </div>
    </section>
  );
}
