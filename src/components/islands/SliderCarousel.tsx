import { useEffect, useRef, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Navigation, Pagination } from 'swiper/modules';
import type { Swiper as SwiperClass } from 'swiper';
import { CONTROL_OPTIONS, CarouselControls, a11yOptions, useCarouselControls, type CarouselWords } from './carousel-controls';
import 'swiper/css';
import './carousel.css';

export interface SlideImage {
  src: string;
  /** Resized copies for the browser to choose from, and how wide the picture is drawn. */
  srcSet?: string;
  sizes?: string;
  /** Describes the picture for people who cannot see it. */
  alt: string;
  /** Shown as text with the picture: over its foot on wide screens, under it on phones. */
  caption?: string;
  /** 'en' where a Hindi page shows the caption's English for want of a Hindi one. */
  captionLang?: 'en';
  width: number;
  height: number;
}

interface Props {
  slides: SlideImage[];
  /** Names the carousel for screen readers. */
  label: string;
  /** Milliseconds each slide stays. */
  delay?: number;
  /** The buttons' names and what screen readers are told, in the page's language. */
  controlLabels?: CarouselWords & { pause: string };
}

const ENGLISH_CONTROLS = {
  pause: 'Pause slideshow', previous: 'Previous slide', next: 'Next slide', first: 'This is the first slide', last: 'This is the last slide',
  goTo: 'Go to slide {{index}}', slideOf: '{{index}} / {{slidesLength}}',
};

/**
 * The home page's banner slideshow. The first picture is in the server's HTML with high fetch priority,
 * so it shows before any script runs. It plays by itself unless the visitor asked their system for
 * reduced motion, and the Pause button stops it (WCAG 2.2.2).
 */
export default function SliderCarousel({ slides, label, delay = 5000, controlLabels = ENGLISH_CONTROLS }: Props) {
  const controls = useCarouselControls();
  const swiperRef = useRef<SwiperClass | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      swiperRef.current?.autoplay.stop();
      setPaused(true);
    }
  }, []);

  const togglePlay = () => {
    const autoplay = swiperRef.current?.autoplay;
    if (!autoplay) return;
    if (paused) autoplay.start();
    else autoplay.stop();
    setPaused(!paused);
  };

  return (
    <section className="carousel slider-carousel" aria-roledescription="carousel" aria-label={label}>
      <CarouselControls controls={controls} previousLabel={controlLabels.previous} nextLabel={controlLabels.next}>
        <button type="button" className="carousel-button carousel-play" aria-pressed={paused} aria-label={controlLabels.pause} onClick={togglePlay}>
          {paused
            ? <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M6 4v12l10-6z" fill="currentColor" /></svg>
            : <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M5 4h3.5v12H5zM11.5 4H15v12h-3.5z" fill="currentColor" /></svg>}
        </button>
      </CarouselControls>
      <Swiper
        modules={[A11y, Autoplay, Navigation, Pagination]}
        {...CONTROL_OPTIONS}
        a11y={a11yOptions(controlLabels)}
        autoplay={{ delay, disableOnInteraction: false }}
        onBeforeInit={controls.onBeforeInit}
        onSwiper={(swiper) => (swiperRef.current = swiper)}
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={slide.src + index}>
            <figure className="slide-figure">
            <img
              src={slide.src}
              srcSet={slide.srcSet}
              sizes={slide.sizes}
              alt={slide.alt}
              width={slide.width}
              height={slide.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
            />
            {slide.caption && <figcaption className="slide-caption" lang={slide.captionLang}>{slide.caption}</figcaption>}
            </figure>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
