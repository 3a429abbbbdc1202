import { useState, type ChangeEvent } from 'react';
import { uploadAvatar } from '../../../commands/account';
import { useReplica } from '../../hooks/replica';
import { ProfileIcon } from './icons';
import { ACCOUNT } from './strings';
import { UserAvatar } from './UserAvatar';

export interface AvatarFieldProps {
  person: { name: string; surname: string; email: string };
  avatar: string;
  /** The stored file name of the new picture; the form saves it with the profile. */
  onUploaded: (filename: string) => void;
}

/** The avatar with its upload button (SPEC §2, §5: a single image). Uploading needs the network. */
export function AvatarField({ person, avatar, onUploaded }: AvatarFieldProps) {
  const db = useReplica();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const outcome = await uploadAvatar({ db }, file, file.name);
      if (outcome.ok) onUploaded(outcome.value);
      else setError(outcome.offline ? ACCOUNT.avatarOffline : (outcome.error ?? ACCOUNT.avatarFailed));
    } catch {
      setError(ACCOUNT.avatarFailed);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="account-avatar">
      {/* Keyed by the file name so a picture that failed to load before does not stay a placeholder. */}
      <UserAvatar key={avatar} user={{ ...person, avatar }} alt={ACCOUNT.avatar} size={104} />
      <label className={`account-avatar-button${uploading ? ' busy' : ''}`}>
        <ProfileIcon name="camera" size={20} />
        <span>{uploading ? ACCOUNT.uploading : ACCOUNT.changeAvatar}</span>
        <input
          className="file-input"
          type="file"
          accept="image/*"
          disabled={uploading}
          onChange={(event) => void pick(event)}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
