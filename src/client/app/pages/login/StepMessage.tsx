/**
 * A step's error, read out at once, or without one its notice (a code sent again); `id` is what the
 * code boxes name as their description.
 */
export function StepMessage({
  id,
  error,
  notice,
}: {
  id: string;
  error: string | null;
  notice: string | null;
}) {
  if (error)
    return (
      <p id={id} className="login-message login-error" role="alert">
        {error}
      </p>
    );
  if (notice)
    return (
      <p id={id} className="login-message login-notice" role="status">
        {notice}
      </p>
    );
  return null;
}
