import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Navigation, Pagination } from 'swiper/modules';
import { CONTROL_OPTIONS, CarouselControls, useCarouselControls } from './carousel-controls';
import type { SlideImage } from './SliderCarousel';
import 'swiper/css';
import './carousel.css';

interface Props {
  /** Each slide's pictures (four to a slide). */
  slides: SlideImage[][];
  label: string;
  /** The buttons' names in the page's language. */
  previousLabel?: string;
  nextLabel?: string;
}

/**
 * The home page's closing carousel of friendly drawings of residents. It moves only when asked: nothing
 * in it needs to be seen within a time, and motion below the fold distracts from reading.
 */
export default function TestimonialCarousel({ slides, label, previousLabel = 'Previous group of drawings', nextLabel = 'Next group of drawings' }: Props) {
  const controls = useCarouselControls();
  return (
    <section className="carousel testimonial-carousel" aria-roledescription="carousel" aria-label={label}>
      <CarouselControls controls={controls} previousLabel={previousLabel} nextLabel={nextLabel} />
      <Swiper modules={[A11y, Navigation, Pagination]} {...CONTROL_OPTIONS} onBeforeInit={controls.onBeforeInit}>
        {slides.map((group, index) => (
          <SwiperSlide key={index}>
            <ul className="testimonial-grid">
              {group.map((image) => (
                <li key={image.src}>
                  <img src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />
                </li>
              ))}
            </ul>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
