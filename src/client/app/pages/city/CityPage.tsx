// Replaced by the screen's implementation in the tourist-screens work.
export function CityPage() {
  return null;
}
