// Replaced by the screen's implementation in the tourist-screens work.
export function ExcursionsPage() {
  return null;
}
