import { useState } from 'react';

// Every picture of the catalogue: served by the app's own server, the small variant on cards, with
// width and height set so nothing shifts while it loads. A picture that cannot load (offline, never
// cached) is replaced by art drawn here from its id, in a box of the same proportions: each card
// keeps a picture of its own, never a broken-image icon and never a jump in the layout. No id at all
// gets the neutral placeholder.

export type MediaSource = 'images' | 'app_media';

export interface MediaImageProps {
  id: string | undefined;
  source?: MediaSource;
  alt: string;
  width: number;
  height: number;
  /** Requested variant width: 480 for cards, 1280 for detail screens. */
  variant?: 480 | 1280;
  eager?: boolean;
  className?: string;
}

export function mediaUrl(id: string, source: MediaSource = 'images', variant?: number): string {
  return `/api/${source}/${encodeURIComponent(id)}${variant ? `?w=${variant}` : ''}`;
}

/** Sky, sea, hill and sun colours of the drawn stand-ins, in the app's palette. */
const PALETTES = [
  ['#cfe6ee', '#7fb2c4', '#4f8fa6', '#ffb36b'],
  ['#f6e3c9', '#9cc7d6', '#c8862f', '#f08a4b'],
  ['#dfeedd', '#86bfb4', '#5f9a62', '#ffd27a'],
  ['#e8e1f0', '#8fb0cf', '#7b6e9e', '#ffb8a0'],
  ['#fde8d7', '#6fa9c0', '#b5653f', '#ffcf6b'],
] as const;

/** FNV-1a: the same id always draws the same picture. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** A flat landscape seeded by the picture's id: sky, sun, a hill and the sea. */
function DrawnStandIn({ id, width, height }: { id: string; width: number; height: number }) {
  const hash = hashOf(id);
  const [sky, sea, hill, sun] = PALETTES[hash % PALETTES.length] ?? PALETTES[0];
  const horizon = Math.round(height * (0.55 + ((hash >>> 8) % 15) / 100));
  const peak = Math.round(width * (0.2 + ((hash >>> 16) % 50) / 100));
  const sunX = Math.round(width * (0.15 + ((hash >>> 4) % 70) / 100));
  return (
    <>
      <rect width={width} height={height} fill={sky} />
      <circle
        cx={sunX}
        cy={Math.round(height * 0.28)}
        r={Math.round(Math.min(width, height) * 0.09)}
        fill={sun}
      />
      <path
        d={`M${peak - width * 0.4} ${horizon}L${peak} ${horizon - height * 0.28}L${peak + width * 0.45} ${horizon}Z`}
        fill={hill}
      />
      <rect y={horizon} width={width} height={height - horizon} fill={sea} />
    </>
  );
}

export function MediaImage({
  id,
  source = 'images',
  alt,
  width,
  height,
  variant = 480,
  eager,
  className,
}: MediaImageProps) {
  const [failed, setFailed] = useState(false);
  if (!id || failed) {
    // An SVG: its viewBox gives the box the picture's proportions without a style attribute, which
    // the Content-Security-Policy refuses in HTML the server draws (first-screen.ts); drawn with
    // presentation attributes only, for the same reason.
    return (
      <svg
        className={`media-placeholder ${className ?? ''}`}
        viewBox={`0 0 ${width} ${height}`}
        // An empty alt marks a picture as decoration (the card's text names it): hidden, as an <img
        // alt=""> is, instead of an image without a name.
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      >
        {id && <DrawnStandIn id={id} width={width} height={height} />}
      </svg>
    );
  }
  return (
    <img
      className={className}
      src={mediaUrl(id, source, variant)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // An eager picture is a screen's main one (the first card, a hero): ahead of the others.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
