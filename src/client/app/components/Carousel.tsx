import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyExport } from './lazy-component';
import { MediaImage, type MediaSource } from './MediaImage';

// The carousel's first picture renders at once; the slider itself (keen-slider, about 6 KB) arrives
// in its own chunk, and only for a carousel that comes within a screen of the viewport: a list of
// fifty cards sets up three sliders, not fifty, so the first render of a list stays short.

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

const KeenCarousel = lazyExport(() => import('./KeenCarousel'), 'KeenCarousel');

/** True once the element has come within a screen of the viewport (at once without IntersectionObserver). */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  // On the server (a first screen's HTML) the still picture; without IntersectionObserver, the slider.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 100%' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

export function Carousel(props: CarouselProps) {
  const { images, alt, source, width, height, variant, eager } = props;
  const { ref, near } = useNearViewport();
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
  const still = (
    <div ref={ref} className="carousel">
      {first}
    </div>
  );
  if (!near) return still;
  return (
    <Suspense fallback={still}>
      <KeenCarousel {...props} />
    </Suspense>
  );
}
