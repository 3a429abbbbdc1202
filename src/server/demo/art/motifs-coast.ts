// Rocks in the sea: the Cross rock at Fiolent, the Golden Gate arch of Karadag, and the Monument to
// the Scuttled Ships in Sevastopol bay.
import { mix, shade } from './color';
import { n, type Canvas } from './canvas';
import { bushes, cypress } from './flora';
import { rock } from './landscape';
import { coastScene, draw } from './parts';
import { farSail, gulls } from './sealife';

export function searock(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(430, 470), rng.chance(0.5));
  const red = mix(p.rock, '#b4553c', 0.45);
  // Red volcanic cliffs of the shore with a sprinkle of green on top.
  rock(
    c,
    [
      [-20, 800],
      [-20, horizon - 190],
      [120, horizon - 210],
      [260, horizon - 150],
      [330, horizon + 30],
      [420, 800],
    ],
    red,
  );
  rock(
    c,
    [
      [200, 800],
      [260, horizon - 150],
      [330, horizon + 30],
      [420, 800],
    ],
    shade(red, -0.3),
  );
  draw(c, bushes(rng, -10, 240, horizon - 190, 20, p.foliage));
  const x = rng.range(650, 820);
  const wy = rng.range(600, 640);
  const hgt = rng.range(200, 250);
  rock(
    c,
    [
      [x - 150, wy],
      [x - 110, wy - hgt * 0.5],
      [x - 60, wy - hgt * 0.8],
      [x - 10, wy - hgt],
      [x + 40, wy - hgt * 0.75],
      [x + 90, wy - hgt * 0.5],
      [x + 140, wy],
    ],
    red,
  );
  rock(
    c,
    [
      [x - 10, wy - hgt],
      [x + 40, wy - hgt * 0.75],
      [x + 90, wy - hgt * 0.5],
      [x + 140, wy],
      [x + 20, wy],
    ],
    shade(red, -0.3),
  );
  draw(
    c,
    `<path d="M${n(x - 10)} ${n(wy - hgt)}v-70M${n(x - 32)} ${n(wy - hgt - 48)}h44" stroke="${p.night ? p.accent : '#f6f2e8'}" stroke-width="8"/>`,
    `<path d="M${n(x - 170)} ${n(wy + 4)}q40 -10 80 0t80 0t80 0t80 0" stroke="#fff" stroke-width="5" fill="none" opacity=".7"/>`,
    farSail(rng.range(900, 1100), horizon + 30, 1, '#fff'),
    gulls(c, 2),
  );
}

export function seaarch(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(440, 480), true, true);
  const dark = mix(p.rockDark, p.near, 0.3);
  const x = rng.range(560, 720);
  const wy = rng.range(610, 650);
  const outer = `M${n(x - 170)} ${n(wy)}L${n(x - 150)} ${n(wy - 170)}Q${n(x - 110)} ${n(wy - 290)} ${n(x - 10)} ${n(wy - 300)}Q${n(x + 110)} ${n(wy - 285)} ${n(x + 150)} ${n(wy - 160)}L${n(x + 175)} ${n(wy)}Z`;
  const hole = `M${n(x - 75)} ${n(wy)}L${n(x - 70)} ${n(wy - 110)}Q${n(x - 10)} ${n(wy - 200)} ${n(x + 55)} ${n(wy - 110)}L${n(x + 62)} ${n(wy)}Z`;
  // Reflection first, then the arch; the hole is cut with the even-odd rule.
  draw(
    c,
    `<path d="${outer}${hole}" fill="${dark}" fill-rule="evenodd" opacity=".25" transform="matrix(1 0 0 -.45 0 ${n(wy * 1.45)})"/>`,
    `<path d="${outer}${hole}" fill="${dark}" fill-rule="evenodd"/>`,
    `<path d="M${n(x - 10)} ${n(wy - 300)}Q${n(x + 110)} ${n(wy - 285)} ${n(x + 150)} ${n(wy - 160)}L${n(x + 175)} ${n(wy)}H${n(x + 62)}L${n(x + 55)} ${n(wy - 110)}Q${n(x + 30)} ${n(wy - 150)} ${n(x + 10)} ${n(wy - 160)}Z" fill="${shade(dark, -0.3)}"/>`,
    `<path d="M${n(x - 190)} ${n(wy + 4)}q45 -10 90 0t90 0t90 0t90 0" stroke="#fff" stroke-width="5" fill="none" opacity=".6"/>`,
    farSail(x - 18, wy - 4, 0.9, '#fff'),
  );
  rock(
    c,
    [
      [900, 800],
      [960, wy - 60],
      [1040, wy - 140],
      [1120, wy - 120],
      [1220, wy - 180],
      [1220, 800],
    ],
    shade(dark, -0.15),
  );
  draw(c, farSail(rng.range(100, 360), horizon + 30, 0.8, '#fff'), gulls(c, 3));
}

export function column(c: Canvas): void {
  const { p, rng } = c;
  const { horizon } = coastScene(c, rng.range(420, 460), false);
  // The white city on the far shore.
  let town = '';
  for (let x = -10; x < c.w; x += rng.range(26, 60))
    town += `M${n(x)} ${n(horizon + 2)}v${n(-rng.range(12, 40))}h${n(rng.range(20, 44))}V${n(horizon + 2)}Z`;
  draw(
    c,
    `<path d="${town}" fill="${mix(p.wall, p.far, 0.35)}"/>`,
    cypress(rng.range(200, 1000), horizon + 2, 50, mix(p.far, p.near, 0.5)),
  );
  const x = rng.range(520, 700);
  const wy = rng.range(640, 680);
  const stone = mix(p.wall, p.rock, 0.35);
  rock(
    c,
    [
      [x - 120, wy],
      [x - 90, wy - 40],
      [x - 40, wy - 60],
      [x + 30, wy - 58],
      [x + 90, wy - 30],
      [x + 130, wy],
    ],
    p.rockDark,
  );
  draw(
    c,
    `<rect x="${n(x - 40)}" y="${n(wy - 110)}" width="80" height="56" fill="${stone}"/>`,
    `<rect x="${n(x - 18)}" y="${n(wy - 380)}" width="36" height="270" fill="${stone}"/>`,
    `<path d="M${n(x - 6)} ${n(wy - 372)}v260M${n(x + 6)} ${n(wy - 372)}v260" stroke="${shade(stone, -0.15)}" stroke-width="3"/>`,
    `<path d="M${n(x - 32)} ${n(wy - 400)}h64l-10 20h-44Z" fill="${stone}"/>`,
    // The bronze eagle with spread wings.
    `<path d="M${n(x)} ${n(wy - 405)}l-10 -26l-44 -30l20 34l-30 -6l40 30ZM${n(x)} ${n(wy - 405)}l10 -26l44 -30l-20 34l30 -6l-40 30ZM${n(x - 8)} ${n(wy - 425)}h16v-22l-8 -6l-8 6Z" fill="#3b3f3a"/>`,
    `<path d="M${n(x - 150)} ${n(wy + 4)}q50 -10 100 0t100 0t100 0" stroke="#fff" stroke-width="5" fill="none" opacity=".6"/>`,
    gulls(c, 4),
  );
}
