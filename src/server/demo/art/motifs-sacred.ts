// Churches, monasteries and mosques: the domes and minarets of Crimea's many faiths.
import type { Variant } from '../model';
import { mix, shade } from './color';
import { n, type Canvas } from './canvas';
import { bushes, cypress, cypressRow, palm, roundTree } from './flora';
import { ground, rock } from './landscape';
import { archWindow, coastScene, cone, dome, draw, inlandScene, onionDome, windowColor } from './parts';

/** Foros: the red-brick church with golden domes on the edge of the Red Rock. */
function foros(c: Canvas): void {
  const { p, rng } = c;
  coastScene(c, rng.range(520, 560), true);
  const red = mix(p.rock, '#b8573e', 0.55);
  const top = rng.range(380, 420);
  const x = rng.range(380, 460);
  rock(
    c,
    [
      [-20, 800],
      [-20, top + 20],
      [x - 200, top],
      [x + 180, top + 6],
      [x + 240, top + 120],
      [x + 330, 560],
      [x + 420, 800],
    ],
    red,
  );
  rock(
    c,
    [
      [x + 180, top + 6],
      [x + 240, top + 120],
      [x + 330, 560],
      [x + 420, 800],
      [x + 200, 800],
      [x + 210, top + 200],
    ],
    shade(red, -0.3),
  );
  draw(
    c,
    bushes(rng, -20, x - 80, top + 8, 22, p.foliage),
    cypressRow(rng, x - 200, x - 110, top + 6, 120, p.foliageDark, 2),
  );
  const brick = mix('#b5483a', p.roof, 0.3);
  const gold = p.night ? '#e8c060' : '#e9b949';
  const trim = shade(p.wall, 0.3);
  draw(
    c,
    `<rect x="${n(x - 70)}" y="${n(top - 110)}" width="160" height="110" fill="${brick}"/>`,
    `<path d="M${n(x - 70)} ${n(top - 110)}h160M${n(x - 70)} ${n(top - 60)}h160" stroke="${trim}" stroke-width="6"/>`,
    `<rect x="${n(x - 8)}" y="${n(top - 170)}" width="56" height="60" fill="${brick}"/>`,
    `<path d="${archWindow(x - 50, top - 14, 18, 30)}${archWindow(x + 11, top - 14, 18, 30)}${archWindow(x + 62, top - 14, 18, 30)}${archWindow(x + 12, top - 124, 14, 28)}" fill="${p.night ? p.accent : trim}"/>`,
    onionDome(x + 20, top - 170, 36, gold, gold),
    `<rect x="${n(x - 130)}" y="${n(top - 150)}" width="44" height="150" fill="${brick}"/><path d="M${n(x - 130)} ${n(top - 110)}h44" stroke="${trim}" stroke-width="5"/>`,
    onionDome(x - 108, top - 150, 22, gold, gold),
    onionDome(x - 50, top - 110, 16, gold, gold),
    onionDome(x + 72, top - 110, 16, gold, gold),
  );
}

/** The Assumption cave monastery: a white facade set into a sheer cliff. */
function monastery(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 520);
  const lime = mix(p.rock, p.wall, 0.35);
  const left = rng.range(420, 520);
  rock(
    c,
    [
      [left - 40, 800],
      [left - 10, 560],
      [left - 30, 330],
      [left + 10, 190],
      [left + 90, 120],
      [left + 260, 96],
      [left + 420, 70],
      [1220, 60],
      [1220, 800],
    ],
    lime,
  );
  rock(
    c,
    [
      [left - 40, 800],
      [left - 10, 560],
      [left - 30, 330],
      [left + 10, 190],
      [left + 50, 300],
      [left + 40, 800],
    ],
    shade(lime, -0.15),
  );
  let strata = '';
  for (let y = 140; y < 760; y += rng.range(50, 90))
    strata += `M${n(left + rng.range(0, 40))} ${n(y)}q300 ${n(rng.range(-20, 20))} 700 ${n(rng.range(-10, 10))}`;
  let caves = '';
  for (let i = 0; i < 5; i++)
    caves += archWindow(left + rng.range(60, 700), rng.range(200, 360), rng.range(20, 40), rng.range(16, 30));
  draw(
    c,
    `<path d="${strata}" stroke="${shade(lime, -0.18)}" stroke-width="4" fill="none"/><path d="${caves}" fill="${shade(lime, -0.45)}"/>`,
  );
  const x = left + rng.range(220, 300);
  const y = rng.range(430, 470);
  const white = shade(p.wall, 0.3);
  const blue = mix('#3d7cc9', p.sky[0], 0.2);
  draw(
    c,
    `<rect x="${n(x - 120)}" y="${n(y - 150)}" width="240" height="150" fill="${white}"/>`,
    `<path d="${archWindow(x - 100, y - 20, 36, 60)}${archWindow(x - 18, y - 20, 36, 60)}${archWindow(x + 64, y - 20, 36, 60)}" fill="${windowColor(c)}"/>`,
    `<path d="M${n(x - 120)} ${n(y - 100)}h240" stroke="${p.wallShade}" stroke-width="6"/>`,
    `<rect x="${n(x + 40)}" y="${n(y - 210)}" width="50" height="60" fill="${white}"/>`,
    onionDome(x + 65, y - 210, 28, blue, '#e9b949'),
    `<path d="M${n(x - 160)} ${n(y + 10)}h330l40 40h-400Z" fill="${shade(lime, -0.1)}"/>`,
  );
  ground(c, 700, p.near, 30);
  draw(
    c,
    roundTree(rng, 160, 760, 70, p.foliage),
    roundTree(rng, 330, 790, 60, shade(p.foliage, 0.1)),
    bushes(rng, left - 40, 1200, 790, 34, p.foliageDark),
  );
}

/** A city cathedral with a big central dome, four small ones and a bell tower. */
function cathedral(c: Canvas): void {
  const { p, rng } = c;
  inlandScene(c, 540);
  const base = 640;
  const x = 600 + rng.range(-80, 80);
  const wall = mix(p.wall, rng.pick(['#f3e2b6', '#ffffff', '#e9eef6']), 0.6);
  const domeColor = rng.pick(['#e9b949', '#3f7fc7', '#3f9a7c']);
  ground(c, base + 20, mix(p.rock, p.wall, 0.5), 6);
  draw(
    c,
    `<rect x="${n(x - 150)}" y="${n(base - 170)}" width="300" height="170" fill="${wall}"/>`,
    `<path d="M${n(x - 160)} ${n(base - 170)}L${n(x)} ${n(base - 225)}L${n(x + 160)} ${n(base - 170)}Z" fill="${shade(wall, -0.1)}"/>`,
    `<rect x="${n(x - 40)}" y="${n(base - 290)}" width="80" height="80" fill="${wall}"/>`,
    onionDome(x, base - 290, 52, domeColor, '#e9b949'),
    onionDome(x - 110, base - 170, 24, domeColor, '#e9b949'),
    onionDome(x + 110, base - 170, 24, domeColor, '#e9b949'),
    `<rect x="${n(x - 250)}" y="${n(base - 300)}" width="64" height="300" fill="${wall}"/><rect x="${n(x - 254)}" y="${n(base - 200)}" width="72" height="8" fill="${p.wallShade}"/>`,
    `<path d="M${n(x - 258)} ${n(base - 300)}L${n(x - 218)} ${n(base - 400)}L${n(x - 178)} ${n(base - 300)}Z" fill="${domeColor}"/>`,
    `<path d="${archWindow(x - 20, base, 40, 70)}${archWindow(x - 110, base - 40, 24, 50)}${archWindow(x + 86, base - 40, 24, 50)}${archWindow(x - 30, base - 215, 14, 34)}${archWindow(x + 16, base - 215, 14, 34)}${archWindow(x - 231, base - 230, 26, 40)}" fill="${windowColor(c)}"/>`,
    roundTree(rng, 130, base + 60, 80, p.foliage),
    roundTree(rng, 1080, base + 70, 90, shade(p.foliage, 0.08)),
  );
}

export function church(c: Canvas, variant: Variant | undefined): void {
  if (variant === 'monastery') monastery(c);
  else if (variant === 'cathedral') cathedral(c);
  else foros(c);
}

/** A domed mosque with minarets: by the sea in Evpatoria, under the cliffs in Bakhchisaray. */
export function mosque(c: Canvas, variant: Variant | undefined): void {
  const { p, rng } = c;
  const khan = variant === 'khan';
  if (khan) {
    inlandScene(c, 540);
    const lime = mix(p.rock, p.wall, 0.4);
    rock(
      c,
      [
        [-20, 600],
        [-20, 330],
        [300, 300],
        [380, 420],
        [420, 600],
      ],
      lime,
    );
    rock(
      c,
      [
        [820, 600],
        [870, 380],
        [1220, 340],
        [1220, 600],
      ],
      shade(lime, -0.1),
    );
  } else {
    coastScene(c, rng.range(520, 560), false);
  }
  const base = 650;
  const x = 600 + rng.range(-60, 60);
  const wall = mix(p.wall, '#efe2c8', 0.5);
  const domeC = mix(wall, p.rockDark, khan ? 0.45 : 0.2);
  ground(c, base + 15, mix(p.rock, p.wall, 0.45), 6);
  const minaret = (mx: number, h: number): string =>
    `<rect x="${n(mx - 14)}" y="${n(base - h)}" width="28" height="${h}" fill="${wall}"/><rect x="${n(mx - 22)}" y="${n(base - h * 0.72)}" width="44" height="10" fill="${shade(wall, -0.2)}"/>` +
    cone(mx, base - h, 17, 80, domeC) +
    `<path d="M${n(mx)} ${n(base - h - 80)}v-18" stroke="#e9b949" stroke-width="4"/>`;
  draw(
    c,
    `<rect x="${n(x - 190)}" y="${n(base - 150)}" width="380" height="150" fill="${wall}"/>`,
    `<rect x="${n(x - 70)}" y="${n(base - 200)}" width="140" height="50" fill="${wall}"/>`,
    dome(x, base - 198, 80, domeC, true),
    dome(x - 140, base - 150, 36, domeC),
    dome(x + 140, base - 150, 36, domeC),
    minaret(x - 240, 360),
    khan ? '' : minaret(x + 240, 360),
    `<path d="${archWindow(x - 30, base, 60, 70, true)}${archWindow(x - 150, base - 30, 30, 50, true)}${archWindow(x + 120, base - 30, 30, 50, true)}${archWindow(x - 40, base - 160, 20, 26)}${archWindow(x + 20, base - 160, 20, 26)}" fill="${windowColor(c)}"/>`,
    khan
      ? cypressRow(rng, 820, 1160, base + 30, 260, p.foliageDark, 4)
      : palm(rng.range(960, 1080), 790, 300, p.foliage, -40),
    cypress(rng.range(60, 140), base + 40, 260, p.foliageDark),
  );
}
