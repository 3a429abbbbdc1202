import { PathIcon } from '../../shell/icons';

// Icons the shell's set lacks, drawn inline like the shell's (no icon font, no request).

const GLYPHS = {
  search:
    'M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.41-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z',
  pin: 'M12 2a7 7 0 0 1 7 7c0 5.25-7 13-7 13S5 14.25 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
} as const;

export type GlyphName = keyof typeof GLYPHS;

export function Glyph({ name, size = 24 }: { name: GlyphName; size?: number }) {
  return <PathIcon path={GLYPHS[name]} size={size} />;
}
