// Natural wonders shaped by water: caves, waterfalls and canyons.
import { mix, shade } from './color';
import { add, linear, n, radial, type Canvas } from './canvas';
import { bushes, roundTree } from './flora';
import { rock } from './landscape';
import { draw, inlandScene } from './parts';

/** A hanging (down = true) or standing cone used for stalactites and stalagmites. */
function spike(x: number, y: number, w: number, len: number, down: boolean): string {
  const s = down ? 1 : -1;
  return `M${n(x - w)} ${n(y)}Q${n(x - w * 0.2)} ${n(y + s * len * 0.6)} ${n(x)} ${n(y + s * len)}Q${n(x + w * 0.2)} ${n(y + s * len * 0.6)} ${n(x + w)} ${n(y)}Z`;
}

/** Inside the Marble Cave: a glowing hall framed by stalactites, with a lit walkway. */
export function cave(c: Canvas): void {
  const { p, rng } = c;
  const lights: Record<string, string> = {
    day: '#f2a541',
    sunset: '#e8678a',
    dawn: '#7fd1c0',
    golden: '#ffb84d',
    summer: '#6fd0ea',
    night: '#8f7ae0',
  };
  const glow = lights[p.name] ?? '#f2a541';
  const dark = mix(glow, '#0b0709', 0.86);
  const bg = linear(c, [
    [0, dark],
    [1, mix(glow, '#000', 0.7)],
  ]);
  add(c, `<rect width="${c.w}" height="${c.h}" fill="url(#${bg})"/>`);
  const halo = radial(c, glow, 0.85);
  const cx = rng.range(450, 750);
  add(c, `<ellipse cx="${n(cx)}" cy="430" rx="560" ry="360" fill="url(#${halo})"/>`);
  const layers: Array<[string, number, number]> = [
    [mix(glow, '#000', 0.35), 0.6, 14],
    [mix(glow, '#000', 0.6), 1, 10],
  ];
  for (const [color, scale, count] of layers) {
    let d = '';
    for (let i = 0; i < count; i++) {
      const x = rng.range(0, c.w);
      d += spike(x, -10, rng.range(14, 40) * scale, rng.range(80, 300) * scale, true);
      d += spike(rng.range(0, c.w), c.h + 10, rng.range(18, 50) * scale, rng.range(60, 240) * scale, false);
    }
    add(c, `<path d="${d}" fill="${color}"/>`);
  }
  // A column where a stalactite met a stalagmite.
  const colX = rng.range(200, 1000);
  const colour = mix(glow, '#000', 0.45);
  add(
    c,
    `<path d="M${n(colX - 40)} 0Q${n(colX - 4)} 380 ${n(colX - 30)} 800H${n(colX + 40)}Q${n(colX + 6)} 380 ${n(colX + 34)} 0Z" fill="${colour}"/>`,
  );
  // The illuminated walkway: a railing line with lamps.
  let lamps = '';
  const path: string[] = [];
  for (let i = 0; i <= 8; i++) {
    const x = 60 + i * 140 + rng.range(-20, 20);
    const y = 690 - Math.sin((i / 8) * Math.PI) * 90 + rng.range(-10, 10);
    path.push(`${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`);
    lamps += `M${n(x)} ${n(y - 26)}h0`;
  }
  add(c, `<path d="${path.join('')}" stroke="${mix(glow, '#000', 0.7)}" stroke-width="10" fill="none"/>`);
  add(c, `<path d="${lamps}" stroke="#fff6d8" stroke-width="12" stroke-linecap="round"/>`);
  // A still pool reflecting the light.
  const pool = radial(c, shade(glow, 0.4), 0.55);
  add(c, `<ellipse cx="${n(cx + rng.range(-100, 100))}" cy="760" rx="320" ry="40" fill="url(#${pool})"/>`);
  // The dark frame of the cave mouth in the foreground.
  add(
    c,
    `<path d="M0 0H1200V800H1130Q1180 420 1050 160Q900 40 600 50Q300 40 150 160Q20 420 70 800H0Z" fill="${shade(dark, -0.4)}"/>`,
  );
}

/** A waterfall dropping from a ledge into a pool in the beech forest. */
export function waterfall(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 420);
  const lip = rng.range(190, 240);
  const x = rng.range(520, 680);
  const stone = mix(p.rock, p.near, 0.3);
  rock(
    c,
    [
      [-20, 800],
      [-20, lip - 60],
      [200, lip - 90],
      [x - 120, lip - 10],
      [x - 80, lip],
      [x - 90, 640],
      [x - 200, 800],
    ],
    stone,
  );
  rock(
    c,
    [
      [1220, 800],
      [1220, lip - 70],
      [1000, lip - 100],
      [x + 120, lip - 20],
      [x + 80, lip],
      [x + 90, 640],
      [x + 200, 800],
    ],
    shade(stone, -0.25),
  );
  const water = linear(c, [
    [0, '#ffffff', 0.95],
    [1, mix('#bfe6f5', p.sea[0], 0.3), 0.85],
  ]);
  let falls = '';
  for (let i = 0; i < 6; i++) {
    const fx = x - 70 + i * 26 + rng.range(-6, 6);
    const w = rng.range(14, 30);
    falls += `M${n(fx)} ${n(lip)}h${n(w)}v${n(640 - lip)}h${n(-w)}Z`;
  }
  add(c, `<path d="${falls}" fill="url(#${water})"/>`);
  const pool = linear(c, [
    [0, shade(p.sea[0], 0.2)],
    [1, p.sea[1]],
  ]);
  add(c, `<ellipse cx="${n(x)}" cy="690" rx="330" ry="80" fill="url(#${pool})"/>`);
  const foam = radial(c, '#ffffff', 0.9);
  add(c, `<ellipse cx="${n(x)}" cy="640" rx="170" ry="55" fill="url(#${foam})"/>`);
  add(
    c,
    `<path d="M${n(x - 200)} 700q40 -10 80 0t80 0t80 0t80 0t80 0" stroke="#fff" stroke-width="4" fill="none" opacity=".6"/>`,
  );
  // Beech forest on both banks.
  draw(
    c,
    roundTree(rng, 90, lip - 40, 70, p.foliage),
    roundTree(rng, 230, lip - 60, 60, shade(p.foliage, 0.1)),
    roundTree(rng, 1000, lip - 70, 70, p.foliage),
    roundTree(rng, 1140, lip - 50, 60, shade(p.foliage, -0.1)),
    roundTree(rng, 110, 800, 110, p.foliageDark),
    roundTree(rng, 1110, 800, 120, p.foliageDark),
    bushes(rng, 200, 1000, 800, 30, p.foliageDark),
  );
}

/** The Grand Canyon: sheer walls closing over a river and its emerald pool. */
export function canyon(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 400);
  const lit = mix(p.rock, p.near, 0.2);
  const shadow = shade(lit, -0.35);
  const vx = rng.range(540, 660);
  rock(
    c,
    [
      [-20, 800],
      [-20, 60],
      [180, 90],
      [vx - 120, 220],
      [vx - 60, 420],
      [vx - 20, 520],
      [vx - 200, 800],
    ],
    lit,
  );
  rock(
    c,
    [
      [1220, 800],
      [1220, 40],
      [1020, 80],
      [vx + 110, 210],
      [vx + 60, 410],
      [vx + 20, 520],
      [vx + 220, 800],
    ],
    shadow,
  );
  let strata = '';
  for (let y = 140; y < 760; y += rng.range(50, 80))
    strata += `M-20 ${n(y)}l${n(vx - 200)} ${n(rng.range(20, 60))}M1220 ${n(y)}l${n(-(1000 - vx))} ${n(rng.range(20, 60))}`;
  add(c, `<path d="${strata}" stroke="${shade(shadow, -0.2)}" stroke-width="3" opacity=".5" fill="none"/>`);
  const river = linear(c, [
    [0, shade(p.sea[0], 0.3)],
    [1, mix(p.sea[0], '#1aa38f', 0.5)],
  ]);
  add(
    c,
    `<path d="M${n(vx - 16)} 520Q${n(vx + 40)} 600 ${n(vx - 40)} 660Q${n(vx - 160)} 740 ${n(vx - 230)} 800H${n(vx + 250)}Q${n(vx + 120)} 720 ${n(vx + 40)} 640Q${n(vx + 10)} 570 ${n(vx + 16)} 520Z" fill="url(#${river})"/>`,
  );
  const pool = radial(c, '#7ff0d8', 0.7);
  add(c, `<ellipse cx="${n(vx)}" cy="730" rx="200" ry="50" fill="url(#${pool})"/>`);
  add(
    c,
    `<path d="M${n(vx - 300)} 790q30 -60 70 -20q30 -50 70 0ZM${n(vx + 200)} 800q40 -70 90 -20q30 -40 60 20Z" fill="${shade(shadow, -0.2)}"/>`,
  );
  draw(
    c,
    roundTree(rng, 80, 90, 50, p.foliage),
    roundTree(rng, 1140, 70, 56, p.foliage),
    roundTree(rng, vx - 130, 240, 30, p.foliage),
    roundTree(rng, vx + 120, 230, 28, shade(p.foliage, -0.1)),
    bushes(rng, -20, vx - 240, 800, 34, p.foliageDark),
    bushes(rng, vx + 260, 1220, 800, 34, p.foliageDark),
  );
}
