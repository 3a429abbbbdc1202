import { useState } from 'react';

// Every picture of the catalogue: served by the app's own server, the small variant on cards, with
// width and height set so nothing shifts while it loads. A picture that cannot load (offline, never
// cached) leaves a calm placeholder instead of a broken-image icon.

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
    // An empty SVG: its viewBox gives the box the picture's proportions without a style attribute,
    // which the Content-Security-Policy refuses in HTML the server draws (first-screen.ts).
    return (
      <svg
        className={`media-placeholder ${className ?? ''}`}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={alt}
      />
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
