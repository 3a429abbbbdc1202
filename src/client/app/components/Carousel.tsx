import { lazy, Suspense } from 'react';
import { MediaImage, type MediaSource } from './MediaImage';

// The carousel's first picture renders at once; the slider itself (keen-slider, about 6 KB) arrives
// in its own chunk right after the first paint, so it does not weigh on the home screen's budget.

export interface CarouselProps {
  images: readonly string[];
  alt: string;
  source?: MediaSource;
  width: number;
  height: number;
  variant?: 480 | 1280;
  eager?: boolean;
  label: string;
}

const KeenCarousel = lazy(async () => ({ default: (await import('./KeenCarousel')).KeenCarousel }));

export function Carousel(props: CarouselProps) {
  const { images, alt, source, width, height, variant, eager } = props;
  const first = (
    <MediaImage
      id={images[0]}
      source={source}
      alt={alt}
      width={width}
      height={height}
      variant={variant}
      eager={eager}
    />
  );
  if (images.length <= 1) return first;
  return (
    <Suspense fallback={first}>
      <KeenCarousel {...props} />
    </Suspense>
  );
}
