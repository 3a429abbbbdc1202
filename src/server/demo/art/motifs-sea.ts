// Seaside subjects: the Swallow's Nest, lighthouses and boats.
import { mix, shade } from './color';
import { n, poly, type Canvas } from './canvas';
import { bushes } from './flora';
import { rock, waves } from './landscape';
import { archWindow, battlements, coastScene, cone, draw, windowColor } from './parts';
import { farSail, gulls } from './sealife';

export function nest(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(430, 480), true);
  draw(c, farSail(rng.range(120, 420), horizon + 40, 1, '#fff'));
  const top = rng.range(395, 430);
  const cliff: Array<[number, number]> = [
    [560, 800],
    [620, 650],
    [680, 560],
    [705, top + 40],
    [745, top],
    [930, top - 4],
    [965, top + 50],
    [1020, 540],
    [1070, 650],
    [1130, 800],
  ];
  rock(c, cliff, p.rock);
  rock(
    c,
    [
      [930, top - 4],
      [965, top + 50],
      [1020, 540],
      [1070, 650],
      [1130, 800],
      [880, 800],
      [930, 620],
      [905, 480],
    ],
    p.rockDark,
  );
  draw(c, bushes(rng, 940, 1040, top + 60, 18, p.foliageDark));
  // The castle: a crenellated hall with a tall tower and two slender turrets.
  const x = rng.range(770, 800);
  const win = windowColor(c);
  draw(
    c,
    `<rect x="${n(x - 50)}" y="${n(top - 60)}" width="150" height="60" fill="${p.wall}"/>`,
    `<rect x="${n(x + 60)}" y="${n(top - 60)}" width="40" height="60" fill="${p.wallShade}"/>`,
    `<rect x="${n(x - 10)}" y="${n(top - 150)}" width="80" height="92" fill="${p.wall}"/>`,
    `<rect x="${n(x + 45)}" y="${n(top - 150)}" width="25" height="92" fill="${p.wallShade}"/>`,
    `<path d="${battlements(x - 50, x + 100, top - 60, 10)}${battlements(x - 10, x + 70, top - 150, 9)}" fill="${p.wall}"/>`,
    `<rect x="${n(x - 18)}" y="${n(top - 178)}" width="14" height="120" fill="${p.wall}"/>`,
    `<rect x="${n(x + 66)}" y="${n(top - 178)}" width="14" height="120" fill="${p.wallShade}"/>`,
    cone(x - 11, top - 178, 11, 44, p.rockDark),
    cone(x + 73, top - 178, 11, 44, p.rockDark),
    `<path d="${archWindow(x + 8, top - 95, 16, 30, true)}${archWindow(x + 38, top - 95, 16, 30, true)}${archWindow(x - 35, top - 15, 14, 22, true)}${archWindow(x - 8, top - 15, 14, 22, true)}${archWindow(x + 40, top - 15, 14, 22, true)}" fill="${win}"/>`,
    `<path d="M${n(x + 30)} ${n(top - 160)}v-40l28 9l-28 9" fill="${p.roof}" stroke="${p.rockDark}" stroke-width="3"/>`,
  );
  waves(c, 760, 800, 5);
}

export function lighthouse(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(470, 520), rng.chance(0.5));
  const baseY = horizon + rng.range(40, 70);
  const x = rng.range(280, 380);
  rock(
    c,
    [
      [-20, 800],
      [-20, baseY + 10],
      [120, baseY - 10],
      [x + 120, baseY],
      [x + 230, baseY + 70],
      [x + 300, 800],
    ],
    p.rockDark,
  );
  rock(
    c,
    [
      [-20, 800],
      [-20, baseY + 60],
      [150, baseY + 40],
      [x + 60, baseY + 90],
      [x + 200, 800],
    ],
    shade(p.rockDark, -0.2),
  );
  const h = 250;
  const bands = 5;
  let red = '';
  let white = '';
  for (let i = 0; i < bands; i++) {
    const y0 = baseY - (h * i) / bands;
    const y1 = baseY - (h * (i + 1)) / bands;
    const w0 = 40 - (16 * i) / bands;
    const w1 = 40 - (16 * (i + 1)) / bands;
    const d = poly([
      [x - w0, y0],
      [x - w1, y1],
      [x + w1, y1],
      [x + w0, y0],
    ]);
    if (i % 2 === 0) white += d;
    else red += d;
  }
  const lampY = baseY - h;
  if (p.night || p.name === 'sunset') {
    draw(
      c,
      `<path d="M${n(x)} ${n(lampY - 22)}L${c.w} ${n(lampY - 120)}V${n(lampY + 60)}Z" fill="${p.accent}" opacity=".22"/>`,
    );
  }
  draw(
    c,
    `<rect x="${n(x + 40)}" y="${n(baseY - 50)}" width="90" height="50" fill="${p.wall}"/><path d="M${n(x + 32)} ${n(baseY - 50)}l53 -30l53 30Z" fill="${p.roof}"/>`,
    `<path d="${white}" fill="#fbfbf7"/><path d="${red}" fill="#d2433a"/>`,
    `<rect x="${n(x - 34)}" y="${n(lampY - 8)}" width="68" height="10" fill="#3a3a4a"/>`,
    `<rect x="${n(x - 18)}" y="${n(lampY - 40)}" width="36" height="32" fill="${p.accent}"/>`,
    `<path d="M${n(x - 24)} ${n(lampY - 40)}a24 22 0 0 1 48 0Z" fill="#3a3a4a"/>`,
    `<path d="M${n(x - 8)} ${n(baseY - 30)}h16v-36h-16Z" fill="${windowColor(c)}"/>`,
    farSail(rng.range(650, 1050), horizon + rng.range(30, 90), rng.range(1, 1.6), '#fff'),
    gulls(c, 3),
  );
}

export function ship(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(400, 450), true);
  const x = rng.range(520, 680);
  const wy = rng.range(610, 650);
  const hull = '#f7f7f4';
  const stripe = mix('#1d4e89', p.sea[1], 0.3);
  const win = windowColor(c);
  let windows = '';
  for (let i = 0; i < 11; i++) windows += `M${n(x - 160 + i * 27)} ${n(wy - 82)}h16v14h-16Z`;
  for (let i = 0; i < 7; i++) windows += `M${n(x - 105 + i * 27)} ${n(wy - 128)}h16v14h-16Z`;
  draw(
    c,
    `<ellipse cx="${n(x)}" cy="${n(wy + 18)}" rx="270" ry="16" fill="${p.sea[1]}" opacity=".5"/>`,
    `<path d="M${n(x - 250)} ${n(wy + 20)}q-90 -10 -190 10M${n(x - 250)} ${n(wy + 30)}q-120 0 -260 26M${n(x + 230)} ${n(wy + 8)}q70 20 150 60" stroke="#fff" stroke-width="5" fill="none" opacity=".6" stroke-linecap="round"/>`,
    `<path d="M${n(x - 240)} ${n(wy - 45)}L${n(x + 250)} ${n(wy - 60)}Q${n(x + 225)} ${n(wy)} ${n(x + 180)} ${n(wy + 14)}L${n(x - 210)} ${n(wy + 14)}Q${n(x - 236)} ${n(wy)} ${n(x - 240)} ${n(wy - 45)}Z" fill="${hull}"/>`,
    `<path d="M${n(x - 232)} ${n(wy - 10)}L${n(x + 226)} ${n(wy - 18)}L${n(x + 210)} ${n(wy - 2)}L${n(x - 222)} ${n(wy + 4)}Z" fill="${stripe}"/>`,
    `<rect x="${n(x - 175)}" y="${n(wy - 100)}" width="320" height="52" rx="6" fill="${shade(hull, -0.04)}"/>`,
    `<rect x="${n(x - 120)}" y="${n(wy - 146)}" width="215" height="46" rx="6" fill="${hull}"/>`,
    `<rect x="${n(x + 40)}" y="${n(wy - 178)}" width="60" height="32" rx="5" fill="${shade(hull, -0.06)}"/>`,
    `<path d="${windows}M${n(x + 46)} ${n(wy - 170)}h48v12h-48Z" fill="${win}"/>`,
    `<path d="M${n(x - 70)} ${n(wy - 146)}l6 -44h30l6 44Z" fill="${p.roof}"/><rect x="${n(x - 66)}" y="${n(wy - 198)}" width="32" height="10" fill="#2b2b35"/>`,
    `<path d="M${n(x + 10)} ${n(wy - 146)}v-80M${n(x + 10)} ${n(wy - 226)}L${n(x - 170)} ${n(wy - 100)}M${n(x + 10)} ${n(wy - 226)}L${n(x + 230)} ${n(wy - 58)}" stroke="#555" stroke-width="2"/>`,
    `<path d="M${n(x + 10)} ${n(wy - 226)}l34 8l-34 8Z" fill="${p.accent}"/>`,
    farSail(rng.range(80, 300), horizon + 30, 0.9, '#fff'),
    gulls(c, 4),
  );
}

export function sailboat(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(440, 490), rng.chance(0.6));
  // A rocky headland on one side frames the picture.
  rock(
    c,
    [
      [-20, 800],
      [-20, horizon - 120],
      [80, horizon - 150],
      [190, horizon - 60],
      [260, horizon + 40],
      [330, 800],
    ],
    p.rock,
  );
  rock(
    c,
    [
      [120, 800],
      [190, horizon - 60],
      [260, horizon + 40],
      [330, 800],
    ],
    p.rockDark,
  );
  draw(c, bushes(rng, -10, 200, horizon - 110, 22, p.foliage));
  const x = rng.range(620, 820);
  const wy = rng.range(600, 660);
  const sail2 = rng.pick(['#fff', p.accent, '#e8574a', '#3b7dd8']);
  draw(
    c,
    `<ellipse cx="${n(x)}" cy="${n(wy + 12)}" rx="150" ry="10" fill="${p.sea[1]}" opacity=".4"/>`,
    `<path d="M${n(x - 120)} ${n(wy - 18)}H${n(x + 135)}Q${n(x + 110)} ${n(wy + 10)} ${n(x + 70)} ${n(wy + 12)}H${n(x - 90)}Q${n(x - 110)} ${n(wy + 4)} ${n(x - 120)} ${n(wy - 18)}Z" fill="${p.roof}"/>`,
    `<path d="M${n(x)} ${n(wy - 20)}V${n(wy - 330)}" stroke="#444" stroke-width="5"/>`,
    `<path d="M${n(x - 6)} ${n(wy - 320)}Q${n(x - 130)} ${n(wy - 150)} ${n(x - 110)} ${n(wy - 34)}H${n(x - 6)}Z" fill="#fdfcf7"/>`,
    `<path d="M${n(x + 6)} ${n(wy - 300)}Q${n(x + 90)} ${n(wy - 160)} ${n(x + 130)} ${n(wy - 34)}H${n(x + 6)}Z" fill="${sail2}"/>`,
    `<path d="M${n(x - 150)} ${n(wy + 20)}q40 -12 80 0M${n(x + 90)} ${n(wy + 22)}q50 -14 100 4" stroke="#fff" stroke-width="4" fill="none" opacity=".6"/>`,
    farSail(rng.range(900, 1120), horizon + 25, 0.8, '#fff'),
    farSail(rng.range(420, 560), horizon + 45, 1.1, '#fff'),
    gulls(c, 3),
  );
}
