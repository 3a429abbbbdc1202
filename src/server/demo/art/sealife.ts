// Small signs of life on the sea: distant sails and seagulls.
import { n, type Canvas } from './canvas';

/** A distant white sail, for life on the horizon. */
export function farSail(x: number, y: number, s: number, color: string): string {
  return `<path d="M${n(x)} ${n(y)}l${n(14 * s)} ${n(-34 * s)}l${n(2 * s)} ${n(34 * s)}ZM${n(x - 6 * s)} ${n(y + 3 * s)}h${n(28 * s)}l${n(-4 * s)} ${n(5 * s)}h${n(-20 * s)}Z" fill="${color}"/>`;
}

/** Seagulls as little "m" strokes. */
export function gulls(c: Canvas, count: number): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = c.rng.range(100, c.w - 100);
    const y = c.rng.range(90, 300);
    const s = c.rng.range(8, 16);
    d += `M${n(x)} ${n(y)}q${n(s)} ${n(-s)} ${n(s * 2)} 0q${n(s)} ${n(-s)} ${n(s * 2)} 0`;
  }
  return `<path d="${d}" fill="none" stroke="${c.p.night ? '#dde' : '#334'}" stroke-width="3" opacity=".6"/>`;
}
