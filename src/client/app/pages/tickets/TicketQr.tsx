import { useEffect, useState } from 'react';
import { TICKET } from './strings';

/** Shown at 240 CSS px; drawn at twice that so it stays sharp on a phone screen. */
const QR_DISPLAY = 240;

/**
 * The ticket's QR code for the guide. It encodes the server-signed check code, drawn on the device, so
 * it shows with no network; a forged code fails the guide's check on the server.
 */
export function TicketQr({ code }: { code: string | undefined }) {
  const [drawn, setDrawn] = useState<{ code: string; url: string } | null>(null);

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    // qrcode loads with this component only, never with the first screen.
    import('qrcode')
      .then((QRCode) =>
        QRCode.toDataURL(code, { width: QR_DISPLAY * 2, margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((url) => {
        if (!cancelled) setDrawn({ code, url });
      })
      .catch((error: unknown) => console.warn('Ticket QR code not drawn', error));
    return () => {
      cancelled = true;
    };
  }, [code]);

  const url = drawn && drawn.code === code ? drawn.url : null;
  return (
    <section className="ticket-qr" aria-labelledby="ticket-qr-title">
      <h2 id="ticket-qr-title">{TICKET.qrTitle}</h2>
      {!code ? (
        <p className="ticket-qr-missing">{TICKET.qrMissing}</p>
      ) : url ? (
        <img src={url} alt={TICKET.qrAlt} width={QR_DISPLAY} height={QR_DISPLAY} />
      ) : (
        <span className="ticket-qr-placeholder" aria-hidden="true" />
      )}
      {code && <p className="ticket-qr-caption">{TICKET.qrCaption}</p>}
    </section>
  );
}
