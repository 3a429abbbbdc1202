// Dispatches a picture subject to the motif that draws it and wraps the result as an SVG document.
import type { Motif, Subject, Variant } from '../model';
import { createRng } from '../prng';
import { createCanvas, toSvg, type Canvas } from './canvas';
import { PALETTE_ORDER, paletteFor } from './palette';
import { castle, city, ruins } from './motifs-build';
import { column, searock, seaarch } from './motifs-coast';
import { cablecar, cliffcity, ghosts } from './motifs-mountain';
import { church, mosque } from './motifs-sacred';
import { garden, trail, vineyard } from './motifs-garden';
import { canyon, cave, waterfall } from './motifs-nature';
import { palace } from './motifs-palace';
import { lighthouse, nest, sailboat, ship } from './motifs-sea';

type Draw = (c: Canvas, variant: Variant | undefined) => void;

const MOTIFS: Record<Motif, Draw> = {
  nest,
  lighthouse,
  ship,
  sailboat,
  searock,
  seaarch,
  column,
  palace,
  castle,
  church,
  city,
  mosque,
  ruins,
  cave,
  waterfall,
  cablecar,
  canyon,
  ghosts,
  cliffcity,
  vineyard,
  garden,
  trail,
};

export interface PictureOptions {
  /** Position of the picture in its series; successive pictures walk through the palettes. */
  index: number;
}

/** Every motif is composed for a 3:2 frame; clients crop with object-fit / preserveAspectRatio slice. */
const PICTURE_WIDTH = 1200;
const PICTURE_HEIGHT = 800;

/** Size budget per picture; a seed whose drawing overshoots is retried with a derived seed. */
const MAX_PICTURE_CHARS = 6000;

/** Draws `subject` deterministically from `seed`; the same inputs always give the same SVG text. */
export function renderPicture(subject: Subject, seed: string, options: PictureOptions): string {
  let svg = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const rng = createRng(`${seed}#${options.index}${attempt === 0 ? '' : `~${attempt}`}`);
    const palette = paletteFor(PALETTE_ORDER[options.index % PALETTE_ORDER.length] ?? 0, rng);
    const c = createCanvas(rng, palette, PICTURE_WIDTH, PICTURE_HEIGHT);
    MOTIFS[subject.motif](c, subject.variant);
    svg = toSvg(c, rng.chance(0.4));
    if (svg.length <= MAX_PICTURE_CHARS) break;
  }
  return svg;
}
