import 'keen-slider/keen-slider.min.css';
import { useState } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import type { CarouselProps } from './carousel-props';
import { MediaImage } from './MediaImage';

// A swipeable row of pictures with dots (keen-slider). Loaded after the first paint (see Carousel.tsx).
// Only the first picture is asked for at first (eagerly when asked). The pictures beside the one in
// view are asked for once the tourist touches the carousel or it turns, so a list of cards does not
// download every card's other pictures on one bar of signal; until then a slide is a placeholder.

/** The slide at `index` and the two beside it (the row loops). */
function withNeighbours(index: number, count: number): number[] {
  return [index, (index + 1) % count, (index - 1 + count) % count];
}

export function KeenCarousel({ images, alt, source, width, height, variant, eager, label }: CarouselProps) {
  const [current, setCurrent] = useState(0);
  const [asked, setAsked] = useState<ReadonlySet<number>>(() => new Set([0]));
  const ask = (indexes: readonly number[]) =>
    setAsked((before) =>
      indexes.every((index) => before.has(index)) ? before : new Set([...before, ...indexes]),
    );
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    loop: images.length > 1,
    slideChanged: (instance) => {
      const index = instance.track.details.rel;
      setCurrent(index);
      ask(withNeighbours(index, images.length));
    },
  });
  const askAround = () => ask(withNeighbours(current, images.length));
  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onPointerDown={askAround}
      onFocus={askAround}
    >
      <div ref={ref} className="keen-slider">
        {images.map((image, index) => (
          <div className="keen-slider__slide" key={image}>
            <MediaImage
              id={asked.has(index) ? image : undefined}
              source={source}
              alt={`${alt} — ${index + 1} из ${images.length}`}
              width={width}
              height={height}
              variant={variant}
              eager={eager && index === 0}
            />
          </div>
        ))}
      </div>
      <div className="carousel-dots">
        {images.map((image, index) => (
          <button
            key={image}
            type="button"
            className={index === current ? 'active' : ''}
            aria-label={`${index + 1} из ${images.length}`}
            aria-current={index === current}
            onClick={(event) => {
              event.preventDefault();
              ask(withNeighbours(index, images.length));
              slider.current?.moveToIdx(index);
            }}
          />
        ))}
      </div>
    </div>
  );
}
