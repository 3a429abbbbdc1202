import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { limitUploads } from '../../../../domain/excursion-form';
import { checkMediaFile } from '../../../../domain/media-check';
import { FormIcon } from './icons';
import { MEDIA } from './strings';

/** A file the user picked, with a key that stays the same while it is in the list. */
export interface PickedFile {
  key: string;
  file: File;
}

export function picked(file: File): PickedFile {
  return { key: crypto.randomUUID(), file };
}

interface FilePickerProps {
  label: string;
  hint: string;
  pickLabel: string;
  kind: 'image' | 'video';
  /** How many files the field holds at most, counting the already uploaded ones. */
  max: number;
  /** Already uploaded files that count towards `max` (the editor's kept photos). */
  keptCount?: number;
  files: readonly PickedFile[];
  onChange: (files: PickedFile[]) => void;
  required?: boolean;
  /** Shown under the hint: the editor's state of an already uploaded file. */
  current?: ReactNode;
}

/**
 * A file field with previews of what was chosen (SPEC §5 'Uploads'): photos as thumbnails made from
 * object URLs, a video by its name and size; each can be removed. Files past the limit are cut off, and
 * a file the server would refuse for its size or its type (read from its first bytes, as the server
 * reads it) is refused at once, with a line in the server's words. Nothing is uploaded until the form
 * is sent.
 */
export function FilePicker({
  label,
  hint,
  pickLabel,
  kind,
  max,
  keptCount = 0,
  files,
  onChange,
  required,
  current,
}: FilePickerProps) {
  const id = useId();
  const [notes, setNotes] = useState<string[]>([]);
  const room = max - keptCount;
  const full = files.length >= room;
  // The check reads each file's first bytes, so the pick lands a moment later: it joins the files
  // there are then, not those of the render that started it.
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  }, [files]);

  const remove = (key: string) => {
    // The notes were about the last pick; after a removal they would no longer be true.
    setNotes([]);
    onChange(files.filter((f) => f.key !== key));
  };

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // Cleared so picking the same file again still fires a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const problems = await Promise.all(
      chosen.map((file) => checkMediaFile(file, kind).catch(() => 'unreadable' as const)),
    );
    const refused: string[] = [];
    const fitting = chosen.filter((file, n) => {
      const problem = problems[n];
      // A file the browser cannot read (gone from the phone since it was picked) could not be sent either.
      if (problem === 'unreadable') refused.push(MEDIA.cannotRead(file.name));
      else if (problem) refused.push(MEDIA.refused(file.name, problem));
      return problem === null;
    });
    const before = latest.current;
    // A single video replaces the one picked before; photos are added up to the limit.
    const next = room === 1 ? fitting.slice(-1).map(picked) : limitUploads(before, fitting.map(picked), room);
    const cut = room > 1 && before.length + fitting.length > room;
    setNotes([...refused, ...(cut ? [MEDIA.cut(max)] : [])]);
    if (fitting.length > 0) onChange(next);
  }

  return (
    <fieldset className="xf-fieldset xf-files">
      <legend className="xf-label">
        {label}
        {required && (
          <span className="xf-required" aria-hidden="true">
            {' *'}
          </span>
        )}
        {max > 1 && (
          <span className="xf-count">
            {keptCount > 0 ? MEDIA.room(Math.max(0, room - files.length)) : MEDIA.count(files.length, max)}
          </span>
        )}
      </legend>
      <p className="xf-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {current}
      {files.length > 0 &&
        (kind === 'image' ? (
          <ul className="xf-thumbs">
            {files.map(({ key, file }) => (
              <li key={key}>
                <ImagePreview file={file} />
                <RemoveButton name={file.name} onClick={() => remove(key)} />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="xf-video-list">
            {files.map(({ key, file }) => (
              <li key={key}>
                <FormIcon name="video" size={28} />
                <span className="xf-video-name">
                  <strong>{file.name}</strong>
                  <span>{MEDIA.size(file.size)}</span>
                </span>
                <RemoveButton name={file.name} onClick={() => remove(key)} />
              </li>
            ))}
          </ul>
        ))}
      {notes.map((note) => (
        <p key={note} className="xf-error" role="alert">
          {note}
        </p>
      ))}
      {(!full || room === 1) && room > 0 && (
        <label className="xf-pick">
          <FormIcon name={kind === 'image' ? 'photo' : 'video'} />
          <span>{pickLabel}</span>
          <input
            className="xf-file-input"
            type="file"
            accept={kind === 'image' ? 'image/*' : 'video/mp4,video/webm'}
            multiple={room > 1}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void pick(event)}
          />
        </label>
      )}
    </fieldset>
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button type="button" className="xf-thumb-remove" aria-label={MEDIA.removeFile(name)} onClick={onClick}>
      <FormIcon name="cross" size={18} />
    </button>
  );
}

/** A picked photo drawn from an object URL that lives exactly as long as the preview. */
export function ImagePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? (
    <img className="xf-thumb" src={url} alt={file.name} width={160} height={120} />
  ) : (
    <span className="xf-thumb media-placeholder" role="img" aria-label={file.name} />
  );
}
