// Replaced by the screen's implementation in the tourist-screens work.
export function ExcursionPage() {
  return null;
}
