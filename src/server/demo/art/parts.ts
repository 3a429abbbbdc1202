// Architectural building blocks shared by several motifs: walls with windows, battlements,
// onion domes, conical roofs, and the two base scenes (coast and inland) most pictures start from.
import { mix } from './color';
import { add, n, type Canvas } from './canvas';
import { clouds, mist, ridge, sea, sky, sun } from './landscape';

/** Path data of an arched window (round or pointed top) with its bottom-left corner at (x, y). */
export function archWindow(x: number, y: number, w: number, h: number, pointed = false): string {
  const r = w / 2;
  const top = pointed
    ? `Q${n(x)} ${n(y - h - r * 0.6)} ${n(x + r)} ${n(y - h - r * 1.3)}Q${n(x + w)} ${n(y - h - r * 0.6)} ${n(x + w)} ${n(y - h)}`
    : `a${n(r)} ${n(r)} 0 0 1 ${n(w)} 0`;
  return `M${n(x)} ${n(y)}v${n(-h)}${top}v${n(h)}Z`;
}

/** A row of merlons along the top edge y of a wall from x0 to x1. */
export function battlements(x0: number, x1: number, y: number, size: number): string {
  let d = '';
  for (let x = x0; x + size <= x1 + 0.5; x += size * 2)
    d += `M${n(x)} ${n(y)}h${n(size)}v${n(-size)}h${n(-size)}Z`;
  return d;
}

/** An onion dome sitting on (x, base) with half-width r, crowned by a cross. */
export function onionDome(x: number, base: number, r: number, color: string, crossColor: string): string {
  const tip = base - r * 2.1;
  return (
    `<path d="M${n(x - r)} ${n(base)}C${n(x - r * 1.25)} ${n(base - r * 0.9)} ${n(x - r * 0.1)} ${n(base - r * 1.2)} ${n(x)} ${n(tip)}` +
    `C${n(x + r * 0.1)} ${n(base - r * 1.2)} ${n(x + r * 1.25)} ${n(base - r * 0.9)} ${n(x + r)} ${n(base)}Z" fill="${color}"/>` +
    `<path d="M${n(x)} ${n(tip)}v${n(-r * 0.9)}M${n(x - r * 0.3)} ${n(tip - r * 0.6)}h${n(r * 0.6)}" stroke="${crossColor}" stroke-width="${Math.max(2, n(r * 0.12))}"/>`
  );
}

/** A round-ish dome (for mosques and rotundas). */
export function dome(x: number, base: number, r: number, color: string, pointed = false): string {
  const top = pointed
    ? `Q${n(x - r)} ${n(base - r * 1.1)} ${n(x)} ${n(base - r * 1.35)}Q${n(x + r)} ${n(base - r * 1.1)} ${n(x + r)} ${n(base)}`
    : `a${n(r)} ${n(r)} 0 0 1 ${n(r * 2)} 0`;
  return `<path d="M${n(x - r)} ${n(base)}${top}Z" fill="${color}"/>`;
}

/** A conical (witch-hat) roof over a tower of half-width r. */
export function cone(x: number, base: number, r: number, height: number, color: string): string {
  return `<path d="M${n(x - r)} ${n(base)}L${n(x)} ${n(base - height)}L${n(x + r)} ${n(base)}Z" fill="${color}"/>`;
}

/** Windows glow at night and are dark glass by day. */
export function windowColor(c: Canvas): string {
  return c.p.night ? c.p.accent : mix(c.p.rockDark, '#22304a', 0.6);
}

export interface CoastScene {
  horizon: number;
  sunX: number;
}

/** Sky, sun, clouds, optional distant mountains and the sea. */
export function coastScene(c: Canvas, horizon: number, mountains: boolean, jagged = false): CoastScene {
  const { rng, p } = c;
  sky(c, horizon);
  const low = p.name === 'sunset' || p.name === 'golden' || p.name === 'dawn';
  const sunX = rng.range(160, c.w - 160);
  sun(c, sunX, horizon - (low ? rng.range(70, 150) : rng.range(200, horizon - 90)), rng.range(36, 56));
  clouds(c, rng.int(2, 3), 70, horizon - 160);
  if (mountains) {
    ridge(c, {
      low: horizon - 40,
      high: horizon - 230,
      color: mix(p.far, p.sky[2], 0.25),
      bottom: horizon + 2,
      points: 6,
      jagged,
    });
    const partial = rng.chance(0.5);
    ridge(c, {
      low: horizon,
      high: horizon - 110,
      color: p.mid,
      bottom: horizon + 2,
      points: 5,
      x0: partial ? c.w * 0.4 : -20,
      taper: partial,
    });
  }
  sea(c, horizon, sunX);
  return { horizon, sunX };
}

/** Sky, sun and three receding ridges with mist: the mountain interior of Crimea. */
export function inlandScene(c: Canvas, horizon = 520, jagged = false): void {
  const { rng, p } = c;
  sky(c, horizon);
  sun(c, rng.range(150, c.w - 150), rng.range(140, horizon - 200), rng.range(36, 54));
  clouds(c, rng.int(2, 3), 60, horizon - 220);
  ridge(c, {
    low: horizon - 80,
    high: horizon - 300,
    color: mix(p.far, p.sky[2], 0.2),
    jagged,
    gradient: true,
  });
  mist(c, horizon - 40);
  ridge(c, { low: horizon + 60, high: horizon - 120, color: p.mid, gradient: true });
  ridge(c, { low: horizon + 200, high: horizon + 90, color: p.near, points: 5 });
}

/** Adds a ready-made fragment; small sugar so motif code reads top to bottom. */
export function draw(c: Canvas, ...fragments: string[]): void {
  for (const f of fragments) add(c, f);
}
