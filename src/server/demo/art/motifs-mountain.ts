// Mountain subjects: the cable car to Ai-Petri, the stone pillars of Demerdzhi and the cave city
// of Chufut-Kale on its plateau.
import { mix, shade } from './color';
import { add, n, type Canvas } from './canvas';
import { bushes, roundTree } from './flora';
import { mist, ridge, rock, sky, sun, clouds } from './landscape';
import { archWindow, battlements, draw, inlandScene, windowColor } from './parts';

/** Ai-Petri: jagged teeth above the clouds and a cable car cabin gliding up to them. */
export function cablecar(c: Canvas): void {
  const { p, rng } = c;
  sky(c, 640);
  sun(c, rng.range(120, 500), rng.range(120, 260), rng.range(36, 52));
  clouds(c, rng.int(2, 3), 80, 300);
  // Far sea below the mountain, glimpsed at the lower left.
  add(c, `<rect y="600" width="${c.w}" height="200" fill="${p.sea[0]}"/>`);
  const massif = mix(p.rock, p.far, 0.35);
  // The massif with the famous teeth built into its crest, then darker vertical streaks of limestone.
  const crest: Array<[number, number]> = [
    [560, 800],
    [590, 540],
    [640, 360],
    [690, 270],
  ];
  let x = 700;
  while (x < 1010) {
    const w = rng.range(18, 36);
    crest.push([x, rng.range(235, 260)], [x + w * 0.45, rng.range(105, 165)], [x + w, rng.range(235, 260)]);
    x += w + rng.range(4, 22);
  }
  crest.push([1060, 230], [1140, 205], [1220, 220], [1220, 800]);
  rock(c, crest, massif);
  let streaks = '';
  for (let i = 0; i < 9; i++) {
    const sx = rng.range(640, 1200);
    streaks += `M${n(sx)} ${n(rng.range(260, 320))}l${n(rng.range(-20, 20))} ${n(rng.range(120, 260))}`;
  }
  add(
    c,
    `<path d="${streaks}" stroke="${shade(massif, -0.2)}" stroke-width="6" stroke-linecap="round" fill="none"/>`,
  );
  mist(c, 560, 0.5);
  ridge(c, { low: 720, high: 560, color: p.near, points: 5 });
  draw(c, bushes(rng, -20, 1220, 800, 40, p.foliageDark));
  // Cables hang with a slight sag from the lower station to the top station.
  const [ax, ay, bx, by] = [-20, 700, 980, 240];
  add(
    c,
    `<path d="M${ax} ${ay}Q520 560 ${bx} ${by}M${ax} ${ay + 16}Q520 576 ${bx} ${by + 16}" stroke="#333" stroke-width="3" fill="none"/>`,
  );
  const t = rng.range(0.35, 0.6);
  const qx = (1 - t) * (1 - t) * ax + 2 * (1 - t) * t * 520 + t * t * bx;
  const qy = (1 - t) * (1 - t) * ay + 2 * (1 - t) * t * 560 + t * t * by;
  const cabin = rng.pick(['#d9432f', '#e8a33a', '#2f7fd0']);
  draw(
    c,
    `<path d="M${n(qx)} ${n(qy)}v50" stroke="#333" stroke-width="5"/>`,
    `<rect x="${n(qx - 60)}" y="${n(qy + 46)}" width="120" height="90" rx="16" fill="${cabin}"/>`,
    `<rect x="${n(qx - 48)}" y="${n(qy + 60)}" width="96" height="34" rx="6" fill="${p.night ? p.accent : shade(p.sky[1], 0.3)}"/>`,
    `<rect x="${n(qx - 60)}" y="${n(qy + 112)}" width="120" height="8" fill="${shade(cabin, -0.3)}"/>`,
    // The lower pylon.
    `<path d="M150 800L190 600H210L250 800M170 700H230M160 750L240 650M240 750L160 650" stroke="#555" stroke-width="6" fill="none"/>`,
  );
}

/** The Valley of Ghosts: weathered stone pillars rising out of the mist. */
export function ghosts(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 560);
  const stone = mix(p.rock, p.near, 0.25);
  let lit = '';
  let dark = '';
  const count = rng.int(6, 8);
  for (let i = 0; i < count; i++) {
    const x = 120 + (960 * i) / (count - 1) + rng.range(-40, 40);
    const w = rng.range(40, 80);
    const h = rng.range(200, 460) * (1 - Math.abs(i - count / 2) / count);
    const base = 720 + rng.range(-30, 30);
    const top = base - h;
    const pillar = `M${n(x - w)} ${n(base)}Q${n(x - w * 0.8)} ${n(top + h * 0.4)} ${n(x - w * 0.5)} ${n(top + 20)}Q${n(x)} ${n(top - 30)} ${n(x + w * 0.5)} ${n(top + 20)}Q${n(x + w * 0.8)} ${n(top + h * 0.4)} ${n(x + w)} ${n(base)}Z`;
    lit += pillar;
    dark += `M${n(x + w * 0.1)} ${n(base)}Q${n(x + w * 0.2)} ${n(top + h * 0.4)} ${n(x + w * 0.3)} ${n(top + 12)}Q${n(x + w * 0.6)} ${n(top + 20)} ${n(x + w * 0.6)} ${n(top + 40)}Q${n(x + w * 0.8)} ${n(top + h * 0.4)} ${n(x + w)} ${n(base)}Z`;
  }
  add(c, `<path d="${lit}" fill="${stone}"/><path d="${dark}" fill="${shade(stone, -0.3)}"/>`);
  mist(c, 660, 0.55);
  ridge(c, { low: 800, high: 700, color: p.ground, points: 4 });
  draw(c, bushes(rng, -20, 1220, 790, 30, p.foliageDark));
}

/** Chufut-Kale: a cave city carved into the cliff of a flat-topped plateau. */
export function cliffcity(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 500);
  const lime = mix(p.rock, p.wall, 0.3);
  const top = rng.range(250, 300);
  rock(
    c,
    [
      [-20, 620],
      [-20, top + 20],
      [200, top],
      [900, top - 10],
      [1080, top + 30],
      [1160, top + 200],
      [1220, 620],
    ],
    lime,
  );
  rock(
    c,
    [
      [-20, 620],
      [-20, top + 150],
      [300, top + 170],
      [800, top + 160],
      [1160, top + 200],
      [1220, 620],
    ],
    shade(lime, -0.2),
  );
  let holes = '';
  for (let i = 0; i < 12; i++) {
    const x = rng.range(40, 1080);
    const y = top + rng.range(60, 250);
    holes += rng.chance(0.5)
      ? archWindow(x, y, rng.range(26, 50), rng.range(20, 40))
      : `M${n(x)} ${n(y)}h${n(rng.range(30, 60))}v${n(-rng.range(24, 44))}h${n(-rng.range(30, 60))}Z`;
  }
  const stone = mix(lime, p.wall, 0.4);
  draw(
    c,
    `<path d="${holes}" fill="${shade(lime, -0.55)}"/>`,
    // Walls, a gate tower and a domed mausoleum on the rim.
    `<path d="M80 ${n(top)}v-30h300v30ZM${n(600)} ${n(top - 6)}v-50h44v50Z${battlements(80, 380, top - 30, 10)}" fill="${stone}"/>`,
    `<path d="M820 ${n(top - 8)}v-50h70v50Z" fill="${stone}"/><path d="M815 ${n(top - 58)}a40 34 0 0 1 80 0Z" fill="${shade(stone, -0.15)}"/>`,
    `<path d="${archWindow(612, top - 6, 20, 24)}" fill="${windowColor(c)}"/>`,
  );
  ridge(c, { low: 720, high: 600, color: p.near, points: 5 });
  draw(
    c,
    roundTree(rng, 120, 780, 80, p.foliage),
    roundTree(rng, 420, 800, 70, shade(p.foliage, 0.1)),
    roundTree(rng, 980, 790, 90, p.foliage),
    bushes(rng, -20, 1220, 800, 36, p.foliageDark),
  );
}
