// Replaced by the screen's implementation in the tourist-screens work.
export function ExcursionsByDatePage() {
  return null;
}
