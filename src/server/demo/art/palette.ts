// Time-of-day colour palettes. A picture picks one and jitters its hue a little, so two pictures of
// the same subject read as different moments of the same place.
import type { Rng } from '../prng';
import { hueShift } from './color';

export interface Palette {
  name: string;
  night: boolean;
  /** Sky gradient from zenith to horizon. */
  sky: [string, string, string];
  sun: string;
  glow: string;
  /** Sea gradient from horizon to the bottom edge. */
  sea: [string, string];
  far: string;
  mid: string;
  near: string;
  ground: string;
  foliage: string;
  foliageDark: string;
  rock: string;
  rockDark: string;
  wall: string;
  wallShade: string;
  roof: string;
  accent: string;
  cloud: string;
}

const BASE: Palette[] = [
  {
    name: 'day',
    night: false,
    sky: ['#3d9ee0', '#8fd0f5', '#e8f7fd'],
    sun: '#fffbe6',
    glow: '#fff3b0',
    sea: ['#3bb3d6', '#10588a'],
    far: '#a7c8e0',
    mid: '#78a898',
    near: '#4d875c',
    ground: '#3f7b4b',
    foliage: '#2f7d4f',
    foliageDark: '#1f5c3a',
    rock: '#cdb89a',
    rockDark: '#8f7b62',
    wall: '#f7f1e6',
    wallShade: '#d9ccb6',
    roof: '#c4563c',
    accent: '#e8b04a',
    cloud: '#ffffff',
  },
  {
    name: 'sunset',
    night: false,
    sky: ['#2d2a6e', '#d9577a', '#ffb36b'],
    sun: '#ffe6a8',
    glow: '#ffb36b',
    sea: ['#e08a7e', '#35296a'],
    far: '#a06c98',
    mid: '#6f4c80',
    near: '#45325f',
    ground: '#35284f',
    foliage: '#2f2a4c',
    foliageDark: '#1f1b38',
    rock: '#b57d7a',
    rockDark: '#6e4a5c',
    wall: '#f9dcc6',
    wallShade: '#c99a8f',
    roof: '#8e3b4a',
    accent: '#ffcf70',
    cloud: '#ffc9b3',
  },
  {
    name: 'dawn',
    night: false,
    sky: ['#7aa6d8', '#f3c1c6', '#ffe7c7'],
    sun: '#fff4dc',
    glow: '#ffd9b0',
    sea: ['#a6c8de', '#44779f'],
    far: '#bcb4d4',
    mid: '#8fa0c2',
    near: '#5f7f98',
    ground: '#4e6e7a',
    foliage: '#47786a',
    foliageDark: '#30584e',
    rock: '#dcc4b0',
    rockDark: '#9c8574',
    wall: '#fcf3e8',
    wallShade: '#e0cdbd',
    roof: '#c9716a',
    accent: '#f0b86e',
    cloud: '#fff1ea',
  },
  {
    name: 'golden',
    night: false,
    sky: ['#ee8648', '#f6c177', '#fcebbf'],
    sun: '#fff8d8',
    glow: '#ffe08a',
    sea: ['#48a9bd', '#1a5475'],
    far: '#d9ab8c',
    mid: '#ad8c6a',
    near: '#6f7c46',
    ground: '#5b6b3a',
    foliage: '#4f6e35',
    foliageDark: '#34502a',
    rock: '#e3bb90',
    rockDark: '#a5775a',
    wall: '#fff4de',
    wallShade: '#e5c9a0',
    roof: '#b9482f',
    accent: '#ffcb5c',
    cloud: '#fff0d6',
  },
  {
    name: 'summer',
    night: false,
    sky: ['#1c84d2', '#68c4ee', '#dcf5fb'],
    sun: '#ffffff',
    glow: '#fff7c2',
    sea: ['#25c4c4', '#0a66a0'],
    far: '#9ac4df',
    mid: '#5c9c86',
    near: '#2f714a',
    ground: '#3b8048',
    foliage: '#2a7a48',
    foliageDark: '#1a5632',
    rock: '#e2d2b8',
    rockDark: '#a18d70',
    wall: '#ffffff',
    wallShade: '#dcd6cc',
    roof: '#d0603f',
    accent: '#f2b134',
    cloud: '#ffffff',
  },
  {
    name: 'night',
    night: true,
    sky: ['#0d1b3d', '#27417a', '#7a6ea8'],
    sun: '#f6f1d5',
    glow: '#c9c4ff',
    sea: ['#3a5592', '#0b1a3a'],
    far: '#3f5289',
    mid: '#2c3c6c',
    near: '#1c284c',
    ground: '#151e3c',
    foliage: '#17233f',
    foliageDark: '#0e1630',
    rock: '#56649a',
    rockDark: '#2d3866',
    wall: '#e8e4f2',
    wallShade: '#9a9cc0',
    roof: '#5a4a7a',
    accent: '#ffd36e',
    cloud: '#8f8fc0',
  },
];

export const PALETTE_COUNT = BASE.length;

/** Palette number `index` (wrapped), with the key colours rotated by a small random hue offset. */
export function paletteFor(index: number, rng: Rng): Palette {
  const base = BASE[((index % BASE.length) + BASE.length) % BASE.length] ?? BASE[0]!;
  const shift = rng.range(-9, 9);
  const tint = (c: string): string => hueShift(c, shift);
  return {
    ...base,
    sky: [tint(base.sky[0]), tint(base.sky[1]), tint(base.sky[2])],
    sea: [tint(base.sea[0]), tint(base.sea[1])],
    far: tint(base.far),
    mid: tint(base.mid),
    near: tint(base.near),
    foliage: tint(base.foliage),
    roof: tint(base.roof),
  };
}

/**
 * Order in which successive pictures of one item walk through the palettes: the thumbnail is always
 * daytime, and night comes last because most catalogue photos are taken by day.
 */
export const PALETTE_ORDER = [0, 1, 4, 3, 2, 5];
