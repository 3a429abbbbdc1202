import '../seller.css';
import '../seller-excursion.css';
import './departure.css';
import './departure-entries.css';
import './departure-boarding.css';
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { boardingCount, type BoardingVerdict } from '../../../../../domain/boarding';
import { PageHeader } from '../../../components/PageHeader';
import { useOnline } from '../../../hooks/online';
import { useReplica } from '../../../hooks/replica';
import { WithDeparture, type OwnDeparture } from './access';
import { BoardingConflicts } from './BoardingConflicts';
import { BoardingResult } from './BoardingResult';
import { CameraScanner } from './CameraScanner';
import { checkAndBoard } from './check-in';
import { DepartureHead } from './DepartureHead';
import { DepartureIcon } from './icons';
import type { ManifestRow } from './queries';
import { loadQrReader, readPhoto } from './scanner';
import { BOARDING as TEXT } from './strings';

/** A code held in front of the camera is read again and again: it counts once until it has been away this long. */
const SAME_CODE_QUIET_MS = 3000;

/**
 * /profile/departure/{tourId}/boarding, 'Посадка': the guide checks tickets at the bus door by camera,
 * by a photo of the QR, or by typing its code. Every check is decided on the phone against the
 * manifest it holds, so it works with no signal; check-ins reach the server through the outbox.
 */
export function BoardingPage() {
  return (
    <article className="seller-page departure-page boarding-page">
      <PageHeader title={TEXT.title} />
      <WithDeparture>{(own) => <Boarding own={own} />}</WithDeparture>
    </article>
  );
}

/** A boarding the server has since refused (the ticket was cancelled): its green answer no longer holds. */
function withdrawn(verdict: BoardingVerdict, rows: readonly ManifestRow[]): boolean {
  if (verdict.kind !== 'ok') return false;
  return !rows.find((row) => row._id === verdict.entry._id)?.checkedInAt;
}

type PhotoState = 'idle' | 'reading' | 'no-code' | 'no-decoder';

function Boarding({ own: { user, departure } }: { own: OwnDeparture }) {
  const db = useReplica();
  const online = useOnline();
  const [verdict, setVerdict] = useState<BoardingVerdict | null>(null);
  const [code, setCode] = useState('');
  const [photo, setPhoto] = useState<PhotoState>('idle');
  const lastSeen = useRef<{ text: string; at: number } | null>(null);
  const { boarded, expected } = boardingCount(departure.rows);
  const { tourId } = departure;

  const check = useCallback(
    async (text: string) => setVerdict(await checkAndBoard(db, user.id, tourId, text)),
    [db, user.id, tourId],
  );

  const onCameraCode = useCallback(
    (text: string) => {
      const now = Date.now();
      const last = lastSeen.current;
      lastSeen.current = { text, at: now };
      if (last && last.text === text && now - last.at < SAME_CODE_QUIET_MS) return;
      void check(text);
    },
    [check],
  );

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setPhoto('reading');
    const reader = await loadQrReader().catch(() => null);
    const texts = reader ? await readPhoto(reader, file).catch(() => []) : [];
    // The same photo may be chosen again after a refusal.
    input.value = '';
    if (!reader) return setPhoto('no-decoder');
    if (texts.length === 0) return setPhoto('no-code');
    setPhoto('idle');
    await check(texts[0] as string);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(code).then(() => setCode(''));
  };

  return (
    <>
      <DepartureHead departure={departure} />
      <p className="boarding-count" role="status" aria-label={TEXT.countLabel}>
        {TEXT.count(boarded, expected)}
      </p>
      <BoardingConflicts tourId={tourId} rows={departure.rows} />
      {verdict && !withdrawn(verdict, departure.rows) && (
        <BoardingResult verdict={verdict} offline={!online} />
      )}

      <CameraScanner onCode={onCameraCode} />

      <section className="boarding-photo">
        <label className="button boarding-photo-button">
          <DepartureIcon name="photo" size={22} />
          <span>{TEXT.photo}</span>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            onChange={(event) => void onPhoto(event)}
          />
        </label>
        {photo !== 'idle' && (
          <p className="boarding-camera-note" role={photo === 'reading' ? undefined : 'alert'}>
            {photo === 'reading'
              ? TEXT.photoReading
              : photo === 'no-code'
                ? TEXT.photoNoCode
                : TEXT.decoderMissing}
          </p>
        )}
      </section>

      <form className="boarding-manual" onSubmit={onSubmit}>
        <label htmlFor="boarding-code">{TEXT.manual}</label>
        <div className="boarding-manual-row">
          <input
            id="boarding-code"
            type="text"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="T1.…"
          />
          <button type="submit" className="button">
            {TEXT.check}
          </button>
        </div>
        <p className="boarding-manual-hint">{TEXT.manualHint}</p>
      </form>

      <Link className="boarding-back" to={`/profile/departure/${tourId}`}>
        {TEXT.toManifest}
      </Link>
    </>
  );
}
