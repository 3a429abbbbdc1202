// Palaces of the South Coast and Bakhchisaray, each recognisable by its silhouette: Vorontsov's
// battlements and chimneys, Livadia's white arcades and tower, Massandra's steep château roofs,
// and the Khan's palace with its wide eaves and minaret.
import type { Variant } from '../model';
import { mix, shade } from './color';
import { n, type Canvas } from './canvas';
import { cypress, cypressRow, flowers, palm, roundTree } from './flora';
import { ground, rock } from './landscape';
import { archWindow, battlements, coastScene, cone, draw, inlandScene, windowColor } from './parts';

/** Evenly spaced arched windows in a row. */
function windowRow(
  x0: number,
  x1: number,
  y: number,
  w: number,
  h: number,
  count: number,
  pointed = false,
): string {
  let d = '';
  const step = (x1 - x0) / count;
  for (let i = 0; i < count; i++) d += archWindow(x0 + step * i + (step - w) / 2, y, w, h, pointed);
  return d;
}

/** Formal garden in front of a palace: lawn, flower beds and a row of cypresses. */
function palaceGrounds(c: Canvas, base: number): void {
  const { p, rng } = c;
  ground(c, base + 10, mix(p.ground, p.foliage, 0.4), 12);
  draw(
    c,
    `<path d="M${n(c.w / 2 - 60)} ${n(base + 10)}L${n(c.w / 2 - 200)} 800H${n(c.w / 2 + 200)}L${n(c.w / 2 + 60)} ${n(base + 10)}Z" fill="${mix(p.rock, p.wall, 0.5)}"/>`,
    flowers(rng, 300, base + 110, 140, 30, [p.roof, p.accent]),
    flowers(rng, 900, base + 110, 140, 30, ['#e86a8a', '#fff']),
    cypress(rng.range(60, 120), 800, 330, p.foliageDark),
    cypress(rng.range(1080, 1140), 800, 300, p.foliageDark),
  );
}

function vorontsov(c: Canvas): void {
  const { p, rng } = c;
  coastScene(c, 470, true, true);
  const base = 560;
  const x = 600 + rng.range(-60, 60);
  const stone = mix(p.rock, '#a89279', 0.5);
  const dark = shade(stone, -0.25);
  const win = windowColor(c);
  draw(c, cypressRow(rng, 100, 1100, base + 5, 160, p.foliageDark, 7));
  draw(
    c,
    `<rect x="${n(x - 300)}" y="${n(base - 130)}" width="600" height="130" fill="${stone}"/>`,
    `<rect x="${n(x - 330)}" y="${n(base - 200)}" width="80" height="200" fill="${stone}"/><rect x="${n(x + 250)}" y="${n(base - 200)}" width="80" height="200" fill="${dark}"/>`,
    `<rect x="${n(x - 90)}" y="${n(base - 220)}" width="180" height="220" fill="${stone}"/><rect x="${n(x + 45)}" y="${n(base - 220)}" width="45" height="220" fill="${dark}"/>`,
    `<path d="${battlements(x - 300, x + 300, base - 130, 16)}${battlements(x - 330, x - 250, base - 200, 12)}${battlements(x + 250, x + 330, base - 200, 12)}${battlements(x - 90, x + 90, base - 220, 14)}" fill="${stone}"/>`,
    // The chimneys, the palace's most recognisable roof feature.
    `<path d="M${n(x - 230)} ${n(base - 130)}v-60h12v60ZM${n(x - 180)} ${n(base - 130)}v-48h12v48ZM${n(x + 150)} ${n(base - 130)}v-60h12v60ZM${n(x + 200)} ${n(base - 130)}v-48h12v48Z" fill="${dark}"/>`,
    // The Moorish portal: a tall pointed arch with a lighter inner niche.
    `<path d="${archWindow(x - 50, base, 100, 120, true)}" fill="${shade(stone, 0.25)}"/><path d="${archWindow(x - 32, base, 64, 100, true)}" fill="${win}"/>`,
    `<path d="${windowRow(x - 290, x - 100, base - 70, 20, 36, 4, true)}${windowRow(x + 100, x + 290, base - 70, 20, 36, 4, true)}${windowRow(x - 320, x - 260, base - 130, 18, 30, 1, true)}${windowRow(x + 260, x + 320, base - 130, 18, 30, 1, true)}" fill="${win}"/>`,
  );
  palaceGrounds(c, base);
}

function livadia(c: Canvas): void {
  const { p, rng } = c;
  coastScene(c, 470, true);
  const base = 560;
  const x = 560 + rng.range(-50, 50);
  const white = shade(p.wall, 0.3);
  const win = windowColor(c);
  draw(c, cypressRow(rng, 80, 1120, base + 5, 150, p.foliageDark, 8));
  draw(
    c,
    `<rect x="${n(x - 290)}" y="${n(base - 170)}" width="560" height="170" fill="${white}"/>`,
    `<rect x="${n(x - 290)}" y="${n(base - 182)}" width="560" height="12" fill="${p.wallShade}"/>`,
    `<path d="M${n(x - 290)} ${n(base - 86)}h560" stroke="${p.wallShade}" stroke-width="5"/>`,
    // The Italian tower with its open belfry.
    `<rect x="${n(x + 200)}" y="${n(base - 290)}" width="80" height="290" fill="${white}"/><rect x="${n(x + 250)}" y="${n(base - 290)}" width="30" height="290" fill="${p.wallShade}"/>`,
    `<path d="M${n(x + 190)} ${n(base - 290)}L${n(x + 240)} ${n(base - 330)}L${n(x + 290)} ${n(base - 290)}Z" fill="${p.roof}"/>`,
    `<path d="${archWindow(x + 215, base - 230, 20, 34)}${archWindow(x + 245, base - 230, 20, 34)}${windowRow(x - 280, x + 190, base - 110, 22, 40, 9)}${windowRow(x - 280, x - 60, base - 18, 22, 42, 4)}${windowRow(x + 60, x + 190, base - 18, 22, 42, 2)}" fill="${win}"/>`,
    // The arcaded Italian courtyard in the middle.
    `<path d="${windowRow(x - 60, x + 60, base, 30, 44, 3)}" fill="${shade(p.wallShade, -0.15)}"/>`,
  );
  palaceGrounds(c, base);
  draw(
    c,
    palm(rng.range(180, 260), 790, 300, p.foliage, 40),
    palm(rng.range(940, 1020), 800, 260, p.foliage, -30),
  );
}

function massandra(c: Canvas): void {
  const { p, rng } = c;
  coastScene(c, 480, true);
  const base = 570;
  const x = 600 + rng.range(-60, 60);
  const wall = mix(p.wall, '#f1dcc0', 0.5);
  const slate = mix('#4a5b7c', p.sky[0], 0.2);
  const win = windowColor(c);
  draw(c, roundTree(rng, 150, base + 10, 70, p.foliage), roundTree(rng, 1060, base + 10, 80, p.foliage));
  draw(
    c,
    `<rect x="${n(x - 230)}" y="${n(base - 140)}" width="460" height="140" fill="${wall}"/>`,
    // Steep mansard roofs with dormers and tall chimneys.
    `<path d="M${n(x - 240)} ${n(base - 140)}L${n(x - 200)} ${n(base - 225)}H${n(x + 200)}L${n(x + 240)} ${n(base - 140)}Z" fill="${slate}"/>`,
    `<path d="M${n(x - 90)} ${n(base - 225)}v-40h20v40ZM${n(x + 80)} ${n(base - 225)}v-46h20v46Z" fill="${shade(wall, -0.2)}"/>`,
    `<path d="M${n(x - 150)} ${n(base - 150)}l20 -40l20 40ZM${n(x - 20)} ${n(base - 150)}l20 -40l20 40ZM${n(x + 110)} ${n(base - 150)}l20 -40l20 40Z" fill="${wall}"/>`,
    `<rect x="${n(x - 300)}" y="${n(base - 190)}" width="80" height="190" fill="${wall}"/><rect x="${n(x + 220)}" y="${n(base - 190)}" width="80" height="190" fill="${shade(wall, -0.12)}"/>`,
    cone(x - 260, base - 190, 50, 130, slate),
    cone(x + 260, base - 190, 50, 130, slate),
    `<path d="${windowRow(x - 220, x + 220, base - 75, 22, 40, 8)}${windowRow(x - 220, x + 220, base - 12, 22, 40, 8)}${windowRow(x - 300, x - 220, base - 100, 20, 36, 1)}${windowRow(x + 220, x + 300, base - 100, 20, 36, 1)}" fill="${win}"/>`,
  );
  palaceGrounds(c, base);
}

function khan(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 520);
  // The pale limestone cliffs that close the Bakhchisaray valley.
  const lime = mix(p.rock, p.wall, 0.4);
  rock(
    c,
    [
      [-20, 560],
      [-20, 300],
      [200, 280],
      [420, 330],
      [520, 420],
      [560, 560],
    ],
    lime,
  );
  rock(
    c,
    [
      [700, 560],
      [760, 380],
      [900, 310],
      [1220, 290],
      [1220, 560],
    ],
    shade(lime, -0.1),
  );
  const base = 600;
  const x = 560 + rng.range(-40, 40);
  const wall = mix(p.wall, '#efdfc2', 0.6);
  const roof = mix('#8b5a3c', p.roof, 0.3);
  const win = windowColor(c);
  ground(c, base + 10, mix(p.ground, p.foliage, 0.3), 10);
  draw(
    c,
    cypressRow(rng, 60, 260, base + 10, 230, p.foliageDark, 3),
    `<rect x="${n(x + 250)}" y="${n(base - 310)}" width="26" height="310" fill="${wall}"/><rect x="${n(x + 242)}" y="${n(base - 250)}" width="42" height="10" fill="${shade(wall, -0.2)}"/>`,
    cone(x + 263, base - 310, 16, 70, roof),
    `<rect x="${n(x - 220)}" y="${n(base - 120)}" width="430" height="120" fill="${wall}"/>`,
    `<path d="M${n(x - 250)} ${n(base - 120)}L${n(x - 190)} ${n(base - 180)}H${n(x + 180)}L${n(x + 240)} ${n(base - 120)}Z" fill="${roof}"/>`,
    // The wooden gallery of the upper floor.
    `<rect x="${n(x - 200)}" y="${n(base - 110)}" width="390" height="44" fill="${shade(roof, 0.2)}"/>`,
    `<path d="${windowRow(x - 200, x + 190, base - 70, 24, 30, 9)}" fill="${wall}"/>`,
    `<path d="${windowRow(x - 200, x + 190, base, 30, 44, 7, true)}" fill="${win}"/>`,
    cypress(x + 330, base + 10, 200, p.foliageDark),
    roundTree(rng, 1080, base + 40, 70, p.foliage),
  );
  draw(c, flowers(rng, 600, base + 120, 260, 40, [p.roof, p.accent]));
}

export function palace(c: Canvas, variant: Variant | undefined): void {
  if (variant === 'livadia') livadia(c);
  else if (variant === 'massandra') massandra(c);
  else if (variant === 'khan') khan(c);
  else vorontsov(c);
}
