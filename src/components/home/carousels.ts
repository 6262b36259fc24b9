import Swiper from 'swiper';
import { Autoplay, EffectCoverflow } from 'swiper/modules';
import type { SwiperOptions } from 'swiper/types';

/**
 * The home page's two carousels (spec §2), loaded only once one scrolls into view. Partners: a coverflow of
 * five logos, autoplay every 1500 ms, paused while the mouse is over it, 3 slides in view, looping.
 * Reviews: four slides advancing every 3 s, with previous/next buttons and dots. Both stop autoplaying
 * for visitors who ask for reduced motion, pause while a control has keyboard focus, and have a
 * pause/play button (WCAG 2.2.2).
 *
 * The loop does not use Swiper's loop mode, which moves slides around the DOM after every step: each move
 * is a layout shift, and a carousel that turns every 1.5 s would keep adding to the page's CLS. Instead
 * the page renders the slides three times (the outer copies hidden from assistive technology), starts on
 * the middle copy, and after each step jumps without animation to the same slide in the middle copy, which
 * changes only a transform.
 */

export const PARTNER_DELAY_MS = 1500;
export const REVIEW_DELAY_MS = 3000;

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** How many copies of the slides the page renders; the middle one is the real one. */
export const SLIDE_COPIES = 3;

function options(kind: string, reduced: boolean, count: number): SwiperOptions {
  const speed = reduced ? 0 : 600;
  if (kind === 'partners') {
    return {
      modules: [Autoplay, EffectCoverflow],
      effect: 'coverflow',
      coverflowEffect: { rotate: 30, stretch: 0, depth: 120, modifier: 1, slideShadows: false },
      slidesPerView: 3,
      centeredSlides: true,
      initialSlide: count,
      speed,
      grabCursor: true,
      autoplay: {
        enabled: !reduced,
        delay: PARTNER_DELAY_MS,
        pauseOnMouseEnter: true,
        disableOnInteraction: false,
      },
    };
  }
  return {
    modules: [Autoplay],
    slidesPerView: 1,
    spaceBetween: 24,
    initialSlide: count,
    speed,
    autoplay: {
      enabled: !reduced,
      delay: REVIEW_DELAY_MS,
      pauseOnMouseEnter: true,
      disableOnInteraction: false,
    },
  };
}

/** Starts the carousel inside `root` (an element with data-carousel="partners" or "reviews"). */
export function mountCarousel(root: HTMLElement): Swiper | undefined {
  const container = root.querySelector<HTMLElement>('.swiper');
  if (!container || root.dataset.carouselReady) return undefined;
  const kind = root.dataset.carousel ?? 'reviews';
  const count = container.querySelectorAll('.swiper-slide').length / SLIDE_COPIES;
  const swiper = new Swiper(container, options(kind, reducedMotion(), count));
  const realIndex = () => swiper.activeIndex % count;
  // The visitor holds the carousel still while the mouse is over it or a control has keyboard focus.
  const held = () => container.matches(':hover') || root.querySelector(':focus-visible') !== null;
  // Back to the middle copy after each step, so there is always a slide on either side.
  const recentre = () => {
    if (swiper.activeIndex >= 2 * count) swiper.slideTo(swiper.activeIndex - count, 0, false);
    else if (swiper.activeIndex < count) swiper.slideTo(swiper.activeIndex + count, 0, false);
    else return;
    // Autoplay pauses at every slide change and goes on at the wrapper's transitionend, which a jump
    // without animation never sends: without this the carousel would stop after its first full turn.
    if (swiper.autoplay.running && swiper.autoplay.paused && !held()) swiper.autoplay.resume();
  };

  const wrapper = container.querySelector<HTMLElement>('.swiper-wrapper');
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  let stoppedByUser = reducedMotion();

  const showState = () => {
    const rotating = swiper.autoplay.running && !stoppedByUser;
    // Announce slide changes only when the visitor moves the carousel, never while it rotates by itself.
    wrapper?.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (toggle) {
      toggle.setAttribute('aria-pressed', String(!rotating));
      toggle.dataset.state = rotating ? 'playing' : 'paused';
    }
    root.dataset.activeIndex = String(realIndex());
    dots.forEach((dot, index) => {
      if (index === realIndex()) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  };

  swiper.on('transitionEnd', recentre);
  swiper.on('activeIndexChange', showState);
  swiper.on('autoplayStart', showState);
  swiper.on('autoplayStop', showState);
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => swiper.slidePrev());
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => swiper.slideNext());
  dots.forEach((dot, index) => {
    dot.addEventListener('click', () => swiper.slideTo(count + index));
  });
  toggle?.addEventListener('click', () => {
    stoppedByUser = swiper.autoplay.running;
    if (stoppedByUser) swiper.autoplay.stop();
    else swiper.autoplay.start();
    showState();
  });

  // Keyboard users get the same pause that pointer users get on hover.
  root.addEventListener('focusin', () => {
    if (swiper.autoplay.running) swiper.autoplay.pause();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null) && swiper.autoplay.running)
      swiper.autoplay.resume();
  });

  // A visitor who turns on reduced motion while the page is open gets a still carousel at once.
  matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', (event) => {
    if (event.matches && swiper.autoplay.running) {
      stoppedByUser = true;
      swiper.autoplay.stop();
      showState();
    }
  });

  root.dataset.carouselReady = 'true';
  showState();
  return swiper;
}
