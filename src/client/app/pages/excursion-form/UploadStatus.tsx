import { useRef, useState } from 'react';
import type { UploadControl, UploadProgress } from '../../../commands/excursions';
import { UPLOAD } from './strings';

/** The state of a form's upload: how far it is, and a way to stop it. */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  return {
    /** Null while nothing is being sent; `total` is 0 until the first byte has gone. */
    progress,
    /** Starts following a new upload; pass the answer to the command. */
    start(): UploadControl {
      const next = new AbortController();
      controller.current = next;
      setProgress({ sent: 0, total: 0 });
      return { signal: next.signal, onProgress: setProgress };
    },
    finish() {
      controller.current = null;
      setProgress(null);
    },
    cancel() {
      controller.current?.abort();
    },
  };
}

/**
 * Over the form's actions while its files go out: a bar with the share sent and a button that stops
 * the upload. Once every byte is sent the server is checking the files and there is nothing left to
 * stop, so the button goes.
 */
export function UploadStatus({ progress, onCancel }: { progress: UploadProgress; onCancel: () => void }) {
  const { sent, total } = progress;
  const uploaded = total > 0 && sent >= total;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return (
    <div className="xf-message xf-upload" data-testid="upload-status">
      <p className="xf-upload-head">
        <span className="xf-message-title" id="xf-upload-title">
          {UPLOAD.progress}
        </span>
        {total > 0 && <span className="xf-upload-percent">{`${percent}%`}</span>}
      </p>
      <progress
        className="xf-upload-bar"
        aria-labelledby="xf-upload-title"
        max={100}
        value={total > 0 ? percent : undefined}
      />
      <div className="xf-upload-foot">
        <p className="xf-upload-text">
          {uploaded ? UPLOAD.processing : total > 0 ? UPLOAD.sentOf(sent, total) : ''}
        </p>
        {!uploaded && (
          <button type="button" className="button xf-upload-cancel" onClick={onCancel}>
            {UPLOAD.cancel}
          </button>
        )}
      </div>
    </div>
  );
}
