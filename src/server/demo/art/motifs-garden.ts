// Cultivated landscapes: vineyards and wineries, botanical gardens and parks, and the Golitsyn
// trail cut into the coastal cliffs.
import type { Variant } from '../model';
import { mix, shade } from './color';
import { add, n, radial, type Canvas } from './canvas';
import { bushes, cypress, cypressRow, flowers, palm, roundTree } from './flora';
import { ground, ridge, rock } from './landscape';
import { archWindow, coastScene, dome, draw, inlandScene, windowColor } from './parts';

/** Rows of vines following the contour of a hill, drawn as dotted strokes. */
function vineRows(c: Canvas, yTop: number, yBottom: number, rows: number, color: string): void {
  let d = '';
  for (let i = 0; i < rows; i++) {
    const y = yTop + ((yBottom - yTop) * i) / rows;
    const bend = 30 + i * 10;
    d += `M-20 ${n(y + bend)}Q600 ${n(y - bend)} 1220 ${n(y + bend * 0.5)}`;
  }
  add(
    c,
    `<path d="${d}" stroke="${color}" stroke-width="16" stroke-dasharray="4 22" stroke-linecap="round" fill="none"/>`,
  );
}

function barrels(c: Canvas, x: number, y: number): string {
  const wood = mix('#8a5a34', c.p.rockDark, 0.2);
  let out = '';
  for (const [dx, dy] of [
    [0, 0],
    [90, 0],
    [45, -78],
  ] as const) {
    out += `<ellipse cx="${n(x + dx)}" cy="${n(y + dy)}" rx="42" ry="40" fill="${wood}"/><ellipse cx="${n(x + dx)}" cy="${n(y + dy)}" rx="28" ry="27" fill="none" stroke="${shade(wood, -0.35)}" stroke-width="5"/>`;
  }
  return out;
}

export function vineyard(c: Canvas, variant: Variant | undefined): void {
  const { p, rng } = c;
  inlandScene(c, 470);
  const field = mix(p.ground, p.accent, 0.15);
  ridge(c, { low: 560, high: 480, color: field, points: 4 });
  vineRows(c, 520, 800, 7, shade(p.foliage, -0.15));
  if (variant === 'grapes') {
    // A close-up: a bunch of grapes and a glass of wine against the vineyard.
    const gx = rng.range(300, 420);
    let grapes = '';
    let shine = '';
    for (let row = 0; row < 6; row++) {
      const count = 6 - row;
      for (let i = 0; i < count; i++) {
        const x = gx + (i - (count - 1) / 2) * 44 + rng.range(-4, 4);
        const y = 300 + row * 40;
        grapes += `M${n(x - 24)} ${n(y)}a24 24 0 1 0 48 0a24 24 0 1 0 -48 0Z`;
        shine += `M${n(x - 8)} ${n(y - 8)}h0`;
      }
    }
    const berry = rng.pick(['#5b2a5e', '#6b2f4f', '#7b9a3a']);
    draw(
      c,
      `<path d="M${n(gx)} 260Q${n(gx + 20)} 180 ${n(gx + 120)} 120" stroke="${shade(p.foliageDark, -0.2)}" stroke-width="10" fill="none"/>`,
      `<path d="M${n(gx + 40)} 240q40 -90 140 -80q-10 60 -60 90q50 10 60 50q-80 30 -140 -60Z" fill="${p.foliage}"/>`,
      `<path d="${grapes}" fill="${berry}"/><path d="${shine}" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".45"/>`,
    );
    const wx = rng.range(800, 900);
    draw(
      c,
      `<path d="M${n(wx - 70)} 380Q${n(wx - 80)} 540 ${n(wx)} 560Q${n(wx + 80)} 540 ${n(wx + 70)} 380Z" fill="#fff" opacity=".35"/>`,
      `<path d="M${n(wx - 74)} 460Q${n(wx - 60)} 555 ${n(wx)} 560Q${n(wx + 60)} 555 ${n(wx + 74)} 460Z" fill="#8e1f3a"/>`,
      `<path d="M${n(wx)} 560V720M${n(wx - 60)} 724H${n(wx + 60)}" stroke="#fff" stroke-width="10" opacity=".7"/>`,
      `<path d="M${n(wx - 40)} 400q-8 60 0 110" stroke="#fff" stroke-width="8" opacity=".6" fill="none"/>`,
    );
    return;
  }
  if (variant === 'winery') {
    const x = rng.range(520, 680);
    const stone = mix(p.rock, p.wall, 0.35);
    draw(
      c,
      `<rect x="${n(x - 220)}" y="380" width="440" height="170" fill="${stone}"/>`,
      `<path d="M${n(x - 235)} 380L${n(x - 180)} 330H${n(x + 180)}L${n(x + 235)} 380Z" fill="${p.roof}"/>`,
      `<rect x="${n(x - 40)}" y="260" width="80" height="120" fill="${stone}"/><path d="M${n(x - 52)} 260L${n(x)} 210L${n(x + 52)} 260Z" fill="${p.roof}"/>`,
      `<path d="${archWindow(x - 50, 550, 100, 90)}" fill="${shade(stone, -0.5)}"/>`,
      `<path d="${archWindow(x - 180, 490, 30, 40)}${archWindow(x - 120, 490, 30, 40)}${archWindow(x + 90, 490, 30, 40)}${archWindow(x + 150, 490, 30, 40)}${archWindow(x - 14, 330, 28, 36)}" fill="${windowColor(c)}"/>`,
      cypress(x - 290, 560, 260, p.foliageDark),
      cypress(x + 290, 560, 240, p.foliageDark),
      barrels(c, rng.range(120, 220), 730),
    );
    return;
  }
  // Plain vineyard: a farmhouse on the hill and cypresses along the road.
  const hx = rng.range(700, 1000);
  draw(
    c,
    `<rect x="${n(hx)}" y="430" width="110" height="70" fill="${p.wall}"/><path d="M${n(hx - 10)} 430l65 -40l65 40Z" fill="${p.roof}"/>`,
    `<path d="M${n(hx + 20)} 470h18v30h-18ZM${n(hx + 70)} 460h18v18h-18Z" fill="${windowColor(c)}"/>`,
    cypressRow(rng, hx - 200, hx - 20, 505, 150, p.foliageDark, 3),
    roundTree(rng, rng.range(150, 300), 520, 60, p.foliage),
  );
}

/** Botanical gardens and parks: lawns, paths, flower beds, palms and a white rotunda. */
export function garden(c: Canvas, variant: Variant | undefined): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(440, 480), true);
  const lawn = mix(p.ground, p.foliage, 0.3);
  ground(c, horizon + 90, lawn, 25);
  const path = mix(p.rock, p.wall, 0.5);
  add(
    c,
    `<path d="M${n(rng.range(400, 700))} ${n(horizon + 110)}Q${n(rng.range(300, 900))} 620 ${n(rng.range(350, 550))} 800H${n(rng.range(700, 850))}Q${n(rng.range(500, 900))} 620 ${n(rng.range(450, 750))} ${n(horizon + 110)}Z" fill="${path}"/>`,
  );
  draw(c, cypressRow(rng, 40, 1160, horizon + 100, 170, p.foliageDark, rng.int(5, 7)));
  if (variant === 'rotunda') {
    const x = rng.range(780, 900);
    const base = horizon + 170;
    const white = shade(p.wall, 0.3);
    let cols = '';
    for (let i = 0; i < 5; i++) cols += `M${n(x - 110 + i * 52)} ${n(base)}v-150h16v150Z`;
    draw(
      c,
      `<path d="M${n(x - 140)} ${n(base + 16)}h270v-16h-270Z" fill="${p.wallShade}"/>`,
      `<path d="${cols}" fill="${white}"/>`,
      `<rect x="${n(x - 128)}" y="${n(base - 172)}" width="246" height="22" fill="${white}"/>`,
      dome(x - 5, base - 172, 112, white),
      `<path d="M${n(x - 5)} ${n(base - 284)}v-20" stroke="${p.wallShade}" stroke-width="8"/>`,
    );
  }
  if (variant === 'palms') {
    draw(
      c,
      palm(rng.range(120, 220), 800, 360, p.foliage, 50),
      palm(rng.range(950, 1050), 800, 330, p.foliage, -40),
      palm(rng.range(700, 800), horizon + 140, 200, p.foliage, 20),
    );
  } else {
    draw(
      c,
      roundTree(rng, rng.range(100, 200), 790, 110, p.foliage),
      roundTree(rng, rng.range(1000, 1120), 800, 120, shade(p.foliage, 0.08)),
    );
  }
  draw(
    c,
    flowers(rng, 260, 700, 130, 36, [p.roof, p.accent]),
    flowers(rng, 960, 720, 130, 36, ['#e86a8a', '#ffffff']),
    bushes(rng, 380, 560, horizon + 140, 22, shade(p.foliage, 0.1)),
  );
}

/** A wind-bent juniper: a crooked trunk and flat layered tufts of needles. */
function juniper(x: number, y: number, color: string, trunk: string): string {
  return (
    `<path d="M${n(x)} ${n(y)}q-6 -30 24 -44q20 -10 30 -34" stroke="${trunk}" stroke-width="7" fill="none"/>` +
    `<path d="M${n(x - 20)} ${n(y - 40)}q30 -22 70 -4q-30 12 -70 4ZM${n(x + 10)} ${n(y - 74)}q34 -20 76 2q-36 12 -76 -2ZM${n(x - 4)} ${n(y - 60)}q22 -14 50 -2q-24 8 -50 2Z" fill="${color}"/>`
  );
}

/** The Golitsyn trail: a path cut into a sea cliff above turquoise bays, with junipers. */
export function trail(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(380, 430), true);
  // Turquoise shallows along the bay.
  const shallows = radial(c, '#7ff0e0', 0.5);
  add(c, `<ellipse cx="520" cy="${n(horizon + 300)}" rx="360" ry="120" fill="url(#${shallows})"/>`);
  const cliff = mix(p.rock, p.near, 0.2);
  rock(
    c,
    [
      [-20, 800],
      [-20, 90],
      [140, 60],
      [300, 140],
      [420, 320],
      [470, 520],
      [560, 800],
    ],
    cliff,
  );
  rock(
    c,
    [
      [300, 140],
      [420, 320],
      [470, 520],
      [560, 800],
      [380, 800],
      [330, 400],
    ],
    shade(cliff, -0.25),
  );
  const trailColor = mix(p.wall, p.rock, 0.4);
  draw(
    c,
    `<path d="M20 250Q220 260 300 330Q360 400 280 470Q200 560 330 640Q420 700 520 800" stroke="${trailColor}" stroke-width="14" fill="none" stroke-dasharray="26 10"/>`,
    `<path d="${archWindow(150, 620, 90, 70)}" fill="${shade(cliff, -0.55)}"/>`,
    `<path d="M40 180l120 30M60 420l140 20M30 560l100 30" stroke="${shade(cliff, -0.15)}" stroke-width="5" fill="none"/>`,
    juniper(rng.range(90, 130), 238, p.foliageDark, shade(p.rockDark, -0.3)),
    juniper(rng.range(210, 250), 372, p.foliage, shade(p.rockDark, -0.3)),
    bushes(rng, -20, 260, 90, 26, p.foliage),
  );
  rock(
    c,
    [
      [900, horizon + 2],
      [960, horizon - 80],
      [1040, horizon - 110],
      [1120, horizon - 60],
      [1220, horizon - 40],
      [1220, horizon + 2],
    ],
    mix(p.far, p.near, 0.5),
  );
}
