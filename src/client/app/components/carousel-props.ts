import type { MediaSource } from './MediaImage';

// What a carousel is given: the same for its first picture (Carousel.tsx) and the slider (KeenCarousel.tsx).

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
