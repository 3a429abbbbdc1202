import 'keen-slider/keen-slider.min.css';
import { useState } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import type { CarouselProps } from './Carousel';
import { MediaImage } from './MediaImage';

// A swipeable row of pictures with dots (keen-slider). Loaded after the first paint (see Carousel.tsx);
// only the first picture loads eagerly when asked, the rest lazily as they come into view.

export function KeenCarousel({ images, alt, source, width, height, variant, eager, label }: CarouselProps) {
  const [current, setCurrent] = useState(0);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    loop: images.length > 1,
    slideChanged: (instance) => setCurrent(instance.track.details.rel),
  });
  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={ref} className="keen-slider">
        {images.map((image, index) => (
          <div className="keen-slider__slide" key={image}>
            <MediaImage
              id={image}
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
              slider.current?.moveToIdx(index);
            }}
          />
        ))}
      </div>
    </div>
  );
}
