import { MediaImage } from '../../components/MediaImage';

/** Up to two letters for the placeholder: name and surname, else the e-mail's first letter. */
export function initialsOf(user: { name: string; surname: string; email: string }): string {
  const letters = [user.name, user.surname].map((part) => part.trim().charAt(0)).join('');
  return (letters || user.email.trim().charAt(0) || '?').toUpperCase();
}

export interface UserAvatarProps {
  user: { avatar: string; name: string; surname: string; email: string };
  alt: string;
  size: number;
}

/**
 * The round avatar: the uploaded picture, or the user's initials on a sea-blue disc. An empty `alt`
 * marks it as decoration (the name is written next to it), so the initials are hidden from screen
 * readers instead of being an image without a name.
 */
export function UserAvatar({ user, alt, size }: UserAvatarProps) {
  const initials = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <span className="user-avatar" style={{ width: size, height: size }}>
      {user.avatar ? (
        <MediaImage id={user.avatar} alt={alt} width={size} height={size} eager />
      ) : (
        <span className="user-avatar-initials" {...initials} style={{ fontSize: size * 0.38 }}>
          {initialsOf(user)}
        </span>
      )}
    </span>
  );
}
