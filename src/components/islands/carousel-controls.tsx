import { useRef } from 'react';
import type { Swiper as SwiperClass } from 'swiper';

/**
 * Our own buttons for swiper's Navigation and Pagination modules, in a bar under the pictures: real
 * <button>s that are there (and labelled) in the server-rendered HTML, large enough to tap, and never
 * covering the picture, which is only 140px tall on a phone.
 */
export function useCarouselControls() {
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const bulletsRef = useRef<HTMLDivElement>(null);
  /**
   * Hands the elements to swiper before it initialises its modules. The bar must come before <Swiper> in
   * the tree: React attaches refs in tree order, and swiper starts in its own layout effect.
   */
  const onBeforeInit = (swiper: SwiperClass) => {
    Object.assign(swiper.params.navigation as object, { prevEl: prevRef.current, nextEl: nextRef.current });
    Object.assign(swiper.params.pagination as object, { el: bulletsRef.current });
  };
  return { prevRef, nextRef, bulletsRef, onBeforeInit };
}

/**
 * What swiper's A11y module says to screen readers, in the page's language: it names the buttons and each
 * bullet and slide itself, over the labels the server rendered, and announces the first and last slide.
 * `{{index}}` and `{{slidesLength}}` are filled in by swiper.
 */
export interface CarouselWords {
  previous: string;
  next: string;
  first: string;
  last: string;
  /** A bullet's name: 'Go to slide {{index}}'. */
  goTo: string;
  /** A slide's name: '{{index}} / {{slidesLength}}'. */
  slideOf: string;
}

/** The A11y module's options for these words. */
export function a11yOptions(words: CarouselWords) {
  return {
    prevSlideMessage: words.previous,
    nextSlideMessage: words.next,
    firstSlideMessage: words.first,
    lastSlideMessage: words.last,
    paginationBulletMessage: words.goTo,
    slideLabelMessage: words.slideOf,
  };
}

/** Module options to pass to <Swiper>; the elements are filled in by onBeforeInit. */
export const CONTROL_OPTIONS = {
  navigation: { prevEl: null, nextEl: null },
  pagination: { el: null, clickable: true, bulletElement: 'button' },
  rewind: true,
} as const;

interface ControlsProps {
  controls: ReturnType<typeof useCarouselControls>;
  /** The buttons' names: 'Previous slide', 'Next slide'. */
  previousLabel: string;
  nextLabel: string;
  children?: React.ReactNode;
}

export function CarouselControls({ controls, previousLabel, nextLabel, children }: ControlsProps) {
  return (
    <div className="carousel-controls">
      {children}
      <button type="button" ref={controls.prevRef} className="carousel-button" aria-label={previousLabel}>
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M12.5 4 6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
      <div ref={controls.bulletsRef} className="carousel-bullets" />
      <button type="button" ref={controls.nextRef} className="carousel-button" aria-label={nextLabel}>
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="m7.5 4 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
    </div>
  );
}
