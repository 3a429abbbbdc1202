// Background layers every scene is built from: sky, sun or moon, clouds, mountain ridges and sea.
import { mix, shade } from './color';
import { add, linear, n, poly, radial, type Canvas } from './canvas';

/** Full-frame sky gradient, plus stars at night. */
export function sky(c: Canvas, horizon: number): void {
  const [top, middle, low] = c.p.sky;
  const id = linear(c, [
    [0, top],
    [Math.min(0.9, (horizon / c.h) * 0.65), middle],
    [horizon / c.h, low],
  ]);
  add(c, `<rect width="${c.w}" height="${c.h}" fill="url(#${id})"/>`);
  if (c.p.night) {
    let d = '';
    for (let i = 0; i < 28; i++) d += `M${c.rng.int(0, c.w)} ${c.rng.int(0, horizon * 0.7)}h0`;
    add(c, `<path d="${d}" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".7"/>`);
  }
}

/** Sun (or moon at night) with a soft halo. */
export function sun(c: Canvas, x: number, y: number, r: number): void {
  const halo = radial(c, c.p.glow, c.p.night ? 0.45 : 0.7);
  add(c, `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 4)}" fill="url(#${halo})"/>`);
  add(c, `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${c.p.sun}"/>`);
  if (c.p.night) {
    // A crescent: cover part of the disc with sky colour.
    add(
      c,
      `<circle cx="${n(x + r * 0.45)}" cy="${n(y - r * 0.2)}" r="${n(r * 0.9)}" fill="${c.p.sky[0]}" opacity=".85"/>`,
    );
  }
}

/** A few puffy clouds between yMin and yMax. */
export function clouds(c: Canvas, count: number, yMin: number, yMax: number): void {
  const { rng } = c;
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, c.w);
    const y = rng.range(yMin, yMax);
    const s = rng.range(0.6, 1.3);
    const parts = [
      [0, 0, 90, 26],
      [-45, -12, 46, 30],
      [22, -24, 50, 38],
      [70, -6, 40, 24],
    ]
      .map(
        ([dx = 0, dy = 0, rx = 0, ry = 0]) =>
          `<ellipse cx="${n(x + dx * s)}" cy="${n(y + dy * s)}" rx="${n(rx * s)}" ry="${n(ry * s)}"/>`,
      )
      .join('');
    add(c, `<g fill="${c.p.cloud}" opacity="${c.p.night ? 0.25 : 0.75}">${parts}</g>`);
  }
}

export interface RidgeOptions {
  /** Lowest y the crest may reach (valleys). */
  low: number;
  /** Highest y the crest may reach (peaks). */
  high: number;
  color: string;
  /** Number of crest points across the width. */
  points?: number;
  /** Straight segments for rocky crests, curves for soft hills. */
  jagged?: boolean;
  /** Where the shape closes at the bottom; defaults to the canvas bottom. */
  bottom?: number;
  x0?: number;
  x1?: number;
  /** Shade the lower part of the ridge darker for a sense of haze. */
  gradient?: boolean;
  /** Start the crest at the bottom line, for ridges that begin mid-picture. */
  taper?: boolean;
}

/** Returns the crest points so callers can place things on the ridge. */
export function ridge(c: Canvas, o: RidgeOptions): Array<[number, number]> {
  const { rng } = c;
  const x0 = o.x0 ?? -20;
  const x1 = o.x1 ?? c.w + 20;
  const count = o.points ?? 7;
  const pts: Array<[number, number]> = [];
  let y = rng.range(o.high, o.low);
  for (let i = 0; i <= count; i++) {
    const x = x0 + ((x1 - x0) * i) / count + (i > 0 && i < count ? rng.range(-30, 30) : 0);
    y = Math.max(o.high, Math.min(o.low, y + rng.range(-1, 1) * (o.low - o.high) * 0.8));
    pts.push([x, y]);
  }
  const bottom = o.bottom ?? c.h;
  if (o.taper) pts[0] = [x0, bottom];
  let d = `M${n(x0)} ${n(bottom)}L${n(pts[0]![0])} ${n(pts[0]![1])}`;
  if (o.jagged) {
    for (let i = 1; i < pts.length; i++) {
      const [px, py] = pts[i - 1]!;
      const [x, yy] = pts[i]!;
      // A small notch between points makes the crest look rocky.
      d += `L${n((px + x) / 2 + rng.range(-12, 12))} ${n(Math.max(py, yy) + rng.range(8, 30))}L${n(x)} ${n(yy)}`;
    }
  } else {
    for (let i = 1; i < pts.length - 1; i++) {
      const [x, yy] = pts[i]!;
      const [nx, ny] = pts[i + 1]!;
      d += `Q${n(x)} ${n(yy)} ${n((x + nx) / 2)} ${n((yy + ny) / 2)}`;
    }
    const last = pts[pts.length - 1]!;
    d += `L${n(last[0])} ${n(last[1])}`;
  }
  d += `L${n(x1)} ${n(bottom)}Z`;
  let fill = o.color;
  if (o.gradient) {
    fill = `url(#${linear(c, [
      [0, o.color],
      [1, mix(o.color, c.p.sky[2], 0.35)],
    ])})`;
  }
  add(c, `<path d="${d}" fill="${fill}"/>`);
  return pts;
}

/** Sea from the horizon down, with a glitter path under the sun and scattered wave strokes. */
export function sea(c: Canvas, horizon: number, sunX: number): void {
  const [top, deep] = c.p.sea;
  const id = linear(c, [
    [0, shade(top, 0.15)],
    [1, deep],
  ]);
  add(c, `<rect y="${n(horizon)}" width="${c.w}" height="${n(c.h - horizon)}" fill="url(#${id})"/>`);
  const { rng } = c;
  let glitter = '';
  for (let i = 0; i < 9; i++) {
    const y = horizon + 8 + i * i * 4 + rng.range(0, 6);
    if (y > c.h) break;
    const half = 14 + i * 9 + rng.range(0, 20);
    glitter += `M${n(sunX - half + rng.range(-15, 15))} ${n(y)}h${n(half * 2)}`;
  }
  add(c, `<path d="${glitter}" stroke="${c.p.glow}" stroke-width="4" stroke-linecap="round" opacity=".55"/>`);
  waves(c, horizon + 20, c.h, 14);
}

/** Small curved wave strokes, smaller towards the horizon. */
export function waves(c: Canvas, yTop: number, yBottom: number, count: number): void {
  const { rng } = c;
  let d = '';
  for (let i = 0; i < count; i++) {
    const t = rng.next();
    const y = yTop + (yBottom - yTop) * t * t;
    const s = 6 + 22 * t;
    d += `M${n(rng.range(0, c.w))} ${n(y)}q${n(s)} ${n(-s * 0.45)} ${n(s * 2)} 0t${n(s * 2)} 0`;
  }
  add(c, `<path d="${d}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".35"/>`);
}

/** A soft band of mist, used between ridges. */
export function mist(c: Canvas, y: number, opacity = 0.35): void {
  const id = radial(c, c.p.night ? '#9aa3d8' : '#ffffff', opacity);
  add(
    c,
    `<ellipse cx="${n(c.w / 2 + c.rng.range(-200, 200))}" cy="${n(y)}" rx="${n(c.w * 0.75)}" ry="70" fill="url(#${id})"/>`,
  );
}

/** Foreground hill or shore as a simple soft polygon spanning the width. */
export function ground(c: Canvas, y: number, color: string, wobble = 30): void {
  ridge(c, { low: y + wobble, high: y - wobble, color, points: 4 });
}

/** A flat polygon helper for rocks and cliffs. */
export function rock(c: Canvas, points: Array<[number, number]>, color: string): void {
  add(c, `<path d="${poly(points)}" fill="${color}"/>`);
}
