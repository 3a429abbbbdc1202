// Fortresses, ancient ruins and seaside towns.
import type { Variant } from '../model';
import { mix, shade } from './color';
import { linear, n, poly, type Canvas } from './canvas';
import { bushes, cypressRow, palm } from './flora';
import { ground, rock } from './landscape';
import { archWindow, battlements, coastScene, draw, windowColor } from './parts';

/** Sudak: battlements climbing a steep hill to the watchtower on its summit. */
export function castle(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(470, 510), true);
  const hill: Array<[number, number]> = [
    [-20, 800],
    [-20, 640],
    [200, 600],
    [420, 500],
    [600, 380],
    [690, 330],
    [760, 350],
    [860, 470],
    [930, 560],
    [1000, 800],
  ];
  // Fortress Mountain: bare rock near the summit, scrub and grass lower down.
  const slope = linear(c, [
    [0, mix(p.rock, p.near, 0.2)],
    [1, mix(p.near, p.ground, 0.5)],
  ]);
  rock(c, hill, `url(#${slope})`);
  draw(
    c,
    `<path d="M520 520l60 -30M300 640l90 -40M640 420l30 -40M160 700l120 -30" stroke="${shade(p.rock, -0.3)}" stroke-width="5" stroke-linecap="round" opacity=".5"/>`,
  );
  rock(
    c,
    [
      [690, 330],
      [760, 350],
      [860, 470],
      [930, 560],
      [1000, 800],
      [780, 800],
      [740, 520],
    ],
    shade(mix(p.rock, p.near, 0.35), -0.25),
  );
  const stone = mix(p.rock, p.wall, 0.35);
  const dark = shade(stone, -0.22);
  // The wall follows the ridge; towers stand at its corners.
  const wall: Array<[number, number]> = [
    [40, 610],
    [210, 580],
    [420, 480],
    [600, 360],
  ];
  let crenels = '';
  let body = '';
  for (let i = 1; i < wall.length; i++) {
    const [x0, y0] = wall[i - 1]!;
    const [x1, y1] = wall[i]!;
    body += poly([
      [x0, y0],
      [x0, y0 - 38],
      [x1, y1 - 38],
      [x1, y1],
    ]);
    for (let t = 0.05; t < 1; t += 0.1)
      crenels += `M${n(x0 + (x1 - x0) * t)} ${n(y0 + (y1 - y0) * t - 38)}h9v-11h-9Z`;
  }
  let towers = '';
  let shadow = '';
  for (const [x, y] of wall.slice(0, 3)) {
    towers += `M${n(x - 26)} ${n(y + 10)}v-95h52v95Z${battlements(x - 26, x + 26, y - 85, 9)}`;
    shadow += `M${n(x + 6)} ${n(y + 10)}v-95h20v95Z`;
  }
  const [tx, ty] = [690, 330];
  towers += `M${n(tx - 24)} ${n(ty + 6)}v-120h48v120Z${battlements(tx - 24, tx + 24, ty - 114, 8)}`;
  shadow += `M${n(tx + 6)} ${n(ty + 6)}v-120h18v120Z`;
  draw(
    c,
    `<path d="${body}${crenels}" fill="${stone}"/>`,
    `<path d="${towers}" fill="${stone}"/><path d="${shadow}" fill="${dark}"/>`,
    `<path d="${archWindow(tx - 7, ty - 60, 14, 20)}${archWindow(wall[1]![0] - 7, wall[1]![1] - 40, 14, 18)}${archWindow(wall[2]![0] - 7, wall[2]![1] - 40, 14, 18)}" fill="${windowColor(c)}"/>`,
    `<path d="M${n(tx)} ${n(ty - 125)}v-40l30 10l-30 10" fill="${p.roof}" stroke="${dark}" stroke-width="3"/>`,
    bushes(rng, -20, 560, 790, 40, p.foliageDark),
    cypressRow(rng, 60, 360, 800, 180, p.foliageDark, 3),
  );
  draw(c, `<path d="M${n(rng.range(980, 1080))} ${n(horizon + 60)}l16 -40l3 40Z" fill="#fff"/>`);
}

/** Chersonesos: the basilica columns above the sea, or the fog bell in its stone frame. */
export function ruins(c: Canvas, variant: Variant | undefined): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(480, 520), false);
  const sand = mix(p.rock, p.wall, 0.3);
  ground(c, horizon + 110, sand, 20);
  const marble = shade(p.wall, 0.2);
  const stone = mix(sand, p.rockDark, 0.3);
  let stones = '';
  for (let i = 0; i < 8; i++)
    stones += `M${n(rng.range(0, c.w))} ${n(rng.range(horizon + 150, 780))}h${n(rng.range(60, 160))}v-16h${n(-rng.range(60, 160))}Z`;
  draw(c, `<path d="${stones}" fill="${stone}"/>`);
  const base = horizon + 150;
  if (variant === 'bell') {
    const x = rng.range(520, 680);
    draw(
      c,
      `<path d="M${n(x - 110)} ${n(base)}v-230h50v230ZM${n(x + 60)} ${n(base)}v-230h50v230ZM${n(x - 130)} ${n(base - 230)}h260v-34h-260Z" fill="${marble}"/>`,
      `<path d="M${n(x + 60)} ${n(base)}v-230h16v230ZM${n(x - 110)} ${n(base)}v-230h14v230Z" fill="${shade(marble, -0.15)}"/>`,
      `<path d="M${n(x)} ${n(base - 230)}v22" stroke="#3a3a3a" stroke-width="6"/>`,
      `<path d="M${n(x - 46)} ${n(base - 110)}Q${n(x - 44)} ${n(base - 206)} ${n(x)} ${n(base - 208)}Q${n(x + 44)} ${n(base - 206)} ${n(x + 46)} ${n(base - 110)}l10 14h-112Z" fill="${mix('#5f8a74', '#8a6a3a', 0.4)}"/>`,
    );
  } else {
    const x0 = rng.range(380, 520);
    let cols = '';
    let shades = '';
    const heights = [250, 250, 250, 170];
    heights.forEach((h, i) => {
      const x = x0 + i * 95;
      cols += `M${n(x - 16)} ${n(base)}v${-h}h32v${h}ZM${n(x - 26)} ${n(base - h)}h52v-16h-52ZM${n(x - 24)} ${n(base)}h48v-14h-48Z`;
      shades += `M${n(x + 6)} ${n(base)}v${-h}h10v${h}Z`;
    });
    cols += `M${n(x0 - 34)} ${n(base - 266)}h${n(95 * 2 + 68)}v-40h${n(-(95 * 2 + 68))}Z`;
    draw(c, `<path d="${cols}" fill="${marble}"/><path d="${shades}" fill="${shade(marble, -0.15)}"/>`);
  }
  draw(c, bushes(rng, 0, 1200, 800, 26, mix(p.foliage, sand, 0.3)));
}

/** A seaside town climbing the hills, with terracotta roofs and a promenade. */
export function city(c: Canvas, variant: Variant | undefined): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(520, 560), true);
  const hill = mix(p.near, p.ground, 0.5);
  rock(
    c,
    [
      [-20, 800],
      [-20, horizon - 190],
      [300, horizon - 160],
      [700, horizon - 90],
      [1000, horizon - 30],
      [1220, horizon + 10],
      [1220, 800],
    ],
    hill,
  );
  const walls = [
    p.wall,
    mix(p.wall, '#f3c996', 0.5),
    mix(p.wall, '#e9b7a4', 0.4),
    mix(p.wall, '#c9d8ec', 0.4),
  ];
  const bodies: string[] = walls.map(() => '');
  let roofs = '';
  let windows = '';
  // Three staggered rows of houses; higher rows are set back and sparser, like a town on a slope.
  for (let row = 0; row < 3; row++) {
    const y0 = horizon + 140 - row * 62;
    for (let x = rng.range(-30, 30) + row * 70; x < 1160 - row * 120; x += rng.range(105, 150)) {
      const w = rng.range(62, 96);
      const h = rng.range(48, 74);
      const y = y0 + rng.range(-8, 8);
      const k = rng.int(0, walls.length - 1);
      bodies[k] += `M${n(x)} ${n(y)}v${n(-h)}h${n(w)}v${n(h)}Z`;
      roofs += `M${n(x - 6)} ${n(y - h)}l${n(w / 2 + 6)} -26l${n(w / 2 + 6)} 26Z`;
      windows += `M${n(x + w * 0.4)} ${n(y - h * 0.62)}h14v18h-14Z`;
    }
  }
  draw(
    c,
    ...bodies.map((d, i) => `<path d="${d}" fill="${walls[i] ?? p.wall}"/>`),
    `<path d="${roofs}" fill="${p.roof}"/><path d="${windows}" fill="${windowColor(c)}"/>`,
    `<rect y="${n(horizon + 150)}" width="${c.w}" height="14" fill="${mix(p.rock, p.wall, 0.4)}"/>`,
  );
  if (variant === 'palms') {
    draw(
      c,
      palm(140, 800, 320, p.foliage, 40),
      palm(340, 800, 260, p.foliage, -30),
      palm(1040, 800, 300, p.foliage, -50),
    );
  } else {
    draw(c, cypressRow(rng, 40, 1160, horizon + 152, 110, p.foliageDark, 6));
  }
}
