import { useEffect, useRef, useState } from 'react';
import { DepartureIcon } from './icons';
import { cameraFailure, loadQrReader, openCamera } from './scanner';
import { BOARDING as TEXT } from './strings';

/** How often a camera frame is read: a few times a second finds a code at once and spares the battery. */
const SCAN_INTERVAL_MS = 300;

type CameraState = 'starting' | 'on' | 'denied' | 'missing' | 'no-decoder';

const EXPLANATION: Record<CameraState, string> = {
  starting: TEXT.cameraStarting,
  on: TEXT.cameraHint,
  denied: TEXT.cameraDenied,
  missing: TEXT.cameraMissing,
  'no-decoder': TEXT.decoderMissing,
};

/**
 * The back camera's picture, read for QR codes a few times a second while the screen is open; each
 * code found goes to `onCode`. The camera is released when the screen is left or the guide turns it
 * off. A refused or absent camera says so; the photo and the typed code still work.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  const [wanted, setWanted] = useState(true);
  const [state, setState] = useState<CameraState>('starting');

  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!wanted) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const element = video.current;
    const fail = (next: CameraState) => {
      if (!stopped) setState(next);
    };
    void (async () => {
      const reader = await loadQrReader().catch(() => null);
      if (!reader) return fail('no-decoder');
      try {
        stream = await openCamera();
      } catch (error) {
        return fail(cameraFailure(error));
      }
      if (stopped || !element) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setState('on');
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const [text] = await reader.read(element).catch(() => []);
          if (text && !stopped) latest.current(text);
        }
        if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (element) element.srcObject = null;
    };
  }, [wanted]);

  const shown: CameraState | 'off' = wanted ? state : 'off';
  return (
    <section className="boarding-camera" aria-label={TEXT.camera}>
      {(shown === 'starting' || shown === 'on') && (
        <div className={`boarding-viewfinder boarding-viewfinder--${shown}`}>
          <video ref={video} muted playsInline aria-hidden="true" />
          {shown === 'starting' && (
            <span className="boarding-viewfinder-icon" aria-hidden="true">
              <DepartureIcon name="camera" size={40} />
            </span>
          )}
        </div>
      )}
      {shown !== 'off' && (
        <p
          className={`boarding-camera-note${shown === 'on' || shown === 'starting' ? '' : ' boarding-camera-note--warn'}`}
        >
          {EXPLANATION[shown]}
        </p>
      )}
      {(shown === 'on' || shown === 'off') && (
        <button
          type="button"
          className="boarding-camera-toggle"
          onClick={() => {
            setState('starting');
            setWanted(!wanted);
          }}
        >
          {wanted ? TEXT.cameraStop : TEXT.cameraStart}
        </button>
      )}
    </section>
  );
}
