// Trees and plants of the Crimean coast: cypresses, round broadleaf trees, palms and flower beds.
// Each returns an SVG fragment so motifs can place them in any layer.
import type { Rng } from '../prng';
import { shade } from './color';
import { n } from './canvas';

/** The flame-shaped cypress, the signature tree of the South Coast. */
export function cypress(x: number, base: number, height: number, color: string): string {
  const w = height * 0.13;
  return (
    `<path d="M${n(x)} ${n(base)}C${n(x - w)} ${n(base - height * 0.25)} ${n(x - w * 0.7)} ${n(base - height * 0.75)} ${n(x)} ${n(base - height)}` +
    `C${n(x + w * 0.7)} ${n(base - height * 0.75)} ${n(x + w)} ${n(base - height * 0.25)} ${n(x)} ${n(base)}Z" fill="${color}"/>`
  );
}

/** A row of cypresses of slightly varying height. */
export function cypressRow(
  rng: Rng,
  x0: number,
  x1: number,
  base: number,
  height: number,
  color: string,
  count: number,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + ((x1 - x0) * (i + 0.5)) / count + rng.range(-10, 10);
    out += cypress(x, base + rng.range(-6, 6), height * rng.range(0.75, 1.15), color);
  }
  return out;
}

/** A round-crowned tree (oak, plane): three overlapping circles and a short trunk. */
export function roundTree(rng: Rng, x: number, base: number, r: number, color: string): string {
  const dark = shade(color, -0.25);
  const light = shade(color, 0.15);
  return (
    `<rect x="${n(x - r * 0.1)}" y="${n(base - r * 1.2)}" width="${n(r * 0.2)}" height="${n(r * 1.2)}" fill="${shade(color, -0.5)}"/>` +
    `<circle cx="${n(x - r * 0.45)}" cy="${n(base - r * 1.3)}" r="${n(r * 0.75)}" fill="${dark}"/>` +
    `<circle cx="${n(x + r * 0.45)}" cy="${n(base - r * 1.35 + rng.range(-5, 5))}" r="${n(r * 0.8)}" fill="${color}"/>` +
    `<circle cx="${n(x)}" cy="${n(base - r * 1.9)}" r="${n(r * 0.8)}" fill="${light}"/>`
  );
}

/** A fan palm: curved trunk and drooping fronds. `lean` is the horizontal offset of the crown. */
export function palm(x: number, base: number, height: number, color: string, lean: number): string {
  const tx = x + lean;
  const ty = base - height;
  const trunk = `<path d="M${n(x)} ${n(base)}Q${n(x + lean * 0.2)} ${n(base - height * 0.6)} ${n(tx)} ${n(ty)}" stroke="${shade(color, -0.45)}" stroke-width="${n(height * 0.06)}" fill="none" stroke-linecap="round"/>`;
  let fronds = '';
  const len = height * 0.45;
  for (const a of [-160, -125, -90, -55, -20, 15, 195]) {
    const rad = (a * Math.PI) / 180;
    const ex = tx + Math.cos(rad) * len;
    const ey = ty + Math.sin(rad) * len * 0.6 + len * 0.35;
    const cx = tx + Math.cos(rad) * len * 0.5;
    const cy = ty + Math.sin(rad) * len * 0.6 - len * 0.15;
    fronds += `M${n(tx)} ${n(ty)}Q${n(cx)} ${n(cy)} ${n(ex)} ${n(ey)}`;
  }
  return `${trunk}<path d="${fronds}" stroke="${color}" stroke-width="${n(height * 0.05)}" fill="none" stroke-linecap="round"/>`;
}

/** A low clump of bushes along a line (hedges, maquis). */
export function bushes(rng: Rng, x0: number, x1: number, base: number, r: number, color: string): string {
  let d = '';
  for (let x = x0; x < x1; x += r * rng.range(0.9, 1.5)) {
    const rr = r * rng.range(0.7, 1.2);
    d += `M${n(x - rr)} ${n(base)}a${n(rr)} ${n(rr)} 0 0 1 ${n(rr * 2)} 0Z`;
  }
  return `<path d="${d}" fill="${color}"/>`;
}

/** Dots of flowers in a bed, in two colours. */
export function flowers(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colors: [string, string],
): string {
  let a = '';
  let b = '';
  for (let i = 0; i < 16; i++) {
    const t = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next());
    const dot = `M${n(cx + Math.cos(t) * rx * d)} ${n(cy + Math.sin(t) * ry * d)}h0`;
    if (i % 2 === 0) a += dot;
    else b += dot;
  }
  const style = 'stroke-width="9" stroke-linecap="round"';
  return `<path d="${a}" stroke="${colors[0]}" ${style}/><path d="${b}" stroke="${colors[1]}" ${style}/>`;
}
