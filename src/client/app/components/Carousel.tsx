import { useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { spreadModulePreloads } from '../spread-preloads';
import { untilLoaded } from '../until-loaded';
import type { CarouselProps } from './carousel-props';
import { MediaImage } from './MediaImage';
import { takeTurn } from './turns';

// The carousel's first picture renders at once; the slider itself (keen-slider, about 6 KB) arrives
// in its own chunk, and only for a carousel that comes within a screen of the viewport: a list of
// fifty cards sets up three sliders, not fifty, so the first render of a list stays short. Sliders
// that come near together set up one per task (turns.ts).

let Slider: ComponentType<CarouselProps> | undefined;
let loading: Promise<void> | undefined;

/** Loads the slider's chunk once (again when the network returns, if it could not be fetched). */
function loadSlider(): Promise<void> {
  loading ??= untilLoaded(() => spreadModulePreloads(() => import('./KeenCarousel'))).then((module) => {
    Slider = module.KeenCarousel;
  });
  return loading;
}

/**
 * True once the element has come within a screen of the viewport (at once without
 * IntersectionObserver), the slider's code has loaded and its turn has come. Until then, and on the
 * server (a first screen's HTML), the still picture.
 */
function useSliderReady() {
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return;
    let gone = false;
    let withdraw: (() => void) | undefined;
    const start = () => {
      loadSlider().then(
        () => {
          // Rendered and committed within the turn's task, so the set-up is that task's work.
          if (!gone) withdraw = takeTurn(() => flushSync(() => setReady(true)));
        },
        () => undefined,
      );
    };
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'undefined') start();
    else {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          start();
        },
        { rootMargin: '100% 100%' },
      );
      observer.observe(element);
    }
    return () => {
      gone = true;
      observer?.disconnect();
      withdraw?.();
    };
  }, [ready]);
  return { ref, ready };
}

export function Carousel(props: CarouselProps) {
  const { images, alt, source, width, height, variant, eager } = props;
  const { ref, ready } = useSliderReady();
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
  if (ready && Slider) return <Slider {...props} />;
  return (
    <div ref={ref} className="carousel">
      {first}
    </div>
  );
}
