// The drawing context shared by all motifs: it collects <defs> and body fragments and hands out
// gradient ids. Coordinates are rounded to integers to keep each SVG small.
import type { Rng } from '../prng';
import type { Palette } from './palette';

export interface Canvas {
  rng: Rng;
  p: Palette;
  w: number;
  h: number;
  defs: string[];
  body: string[];
  nextId: number;
}

export function createCanvas(rng: Rng, p: Palette, w: number, h: number): Canvas {
  return { rng, p, w, h, defs: [], body: [], nextId: 0 };
}

/** Rounds for output; SVG coordinates never need sub-pixel precision at these sizes. */
export const n = (x: number): number => Math.round(x);

/** Builds a path "d" from points, rounding each coordinate. */
export function poly(points: ReadonlyArray<readonly [number, number]>, close = true): string {
  const body = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
  return close ? `${body}Z` : body;
}

export function add(c: Canvas, fragment: string): void {
  c.body.push(fragment);
}

/** A vertical linear gradient; returns its id for fill="url(#id)". Stops: [offset 0..1, colour, opacity?]. */
export function linear(c: Canvas, stops: Array<[number, string, number?]>, horizontal = false): string {
  const id = `g${c.nextId++}`;
  const dir = horizontal ? 'x2="1" y2="0"' : 'x2="0" y2="1"';
  const body = stops
    .map(
      ([o, col, op]) =>
        `<stop offset="${o}" stop-color="${col}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
  c.defs.push(`<linearGradient id="${id}" x1="0" y1="0" ${dir}>${body}</linearGradient>`);
  return id;
}

/** A radial gradient fading `color` from opacity `from` at the centre to 0 at the edge. */
export function radial(c: Canvas, color: string, from = 0.8): string {
  const id = `g${c.nextId++}`;
  c.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${from}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  );
  return id;
}

export function toSvg(c: Canvas, mirror: boolean): string {
  const content = c.body.join('');
  const wrapped = mirror ? `<g transform="matrix(-1 0 0 1 ${c.w} 0)">${content}</g>` : content;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${c.w} ${c.h}" width="${c.w}" height="${c.h}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${c.defs.join('')}</defs>${wrapped}</svg>`
  );
}
