import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useState } from 'react';
import { useCarousel } from '../../../lib/use-carousel';
import { usePartsAfterFirstPaint } from '../../../lib/use-after-first-paint';
import * as styles from './home-hero.css';

const SLOGANS = [
  '혼자 먹는 점심이 외로웠다면,\n런치챗에서 함께할 사람을 찾아보세요.',
  '시간표와 관심사로\n나와 잘 맞는 학우를 연결해 드려요.',
  '점심 한 끼로 생각이 통하는\n새로운 친구를 만나 보세요.',
] as const;

const AUTOPLAY_MS = 3000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * `scrollNext` every 3 s (spec section 9); paused while the user holds a slide or focus is inside,
 * and not at all with reduced motion. A small effect instead of the autoplay plugin.
 */
function useAutoplay(api: EmblaCarouselType | undefined, paused: boolean): void {
  useEffect(() => {
    if (!api || paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => api.scrollNext(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [api, paused]);
}

/** Spec "Home" 1: three looping slides with the university name, the title and a slogan. */
export function HomeHero({ universityName }: { universityName: string }) {
  // At the app's start the first slide alone is in the first screen (the others are out of view
  // until the carousel moves): the other two are built after the first paint, then the carousel
  // starts after the next one (decision 0024).
  const allSlides = usePartsAfterFirstPaint(1) === 1;
  const slides = allSlides ? SLOGANS : SLOGANS.slice(0, 1);
  const [viewportRef, api] = useCarousel({ loop: true }, allSlides);
  const [selected, setSelected] = useState(0);
  const [held, setHeld] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoplay(api, held || focused);

  const onSelect = useCallback((embla: EmblaCarouselType) => setSelected(embla.selectedScrollSnap()), []);
  useEffect(() => {
    if (!api) return;
    api.on('select', onSelect);
    const release = () => setHeld(false);
    const hold = () => setHeld(true);
    api.on('pointerDown', hold);
    api.on('pointerUp', release);
    return () => {
      api.off('select', onSelect);
      api.off('pointerDown', hold);
      api.off('pointerUp', release);
    };
  }, [api, onSelect]);

  return (
    <section className={styles.hero} aria-roledescription="carousel" aria-label="런치챗 소개" onFocus={() => setFocused(true)} onBlur={() => setFocused(false)}>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {slides.map((slogan, index) => (
            <div
              key={index}
              className={`${styles.slide} ${styles.background[(index % 3) as 0 | 1 | 2]}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${SLOGANS.length}`}
              aria-hidden={index !== selected}
            >
              <SlideArt variant={index} />
              <div className={styles.text}>
                <p className={styles.university}>{universityName}</p>
                {index === 0 ? <h1 className={styles.title}>Lunch With Insight!</h1> : <p className={styles.title}>Lunch With Insight!</p>}
                <p className={styles.slogan}>{slogan}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.dots} aria-hidden="true">
        {SLOGANS.map((_, index) => (
          <span key={index} className={index === selected ? styles.dotActive : styles.dot} />
        ))}
      </div>
    </section>
  );
}

/** Decorative shapes drawn in SVG (no external images). */
function SlideArt({ variant }: { variant: number }) {
  return (
    <svg className={styles.art} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      {variant === 0 ? (
        <>
          <circle cx="140" cy="70" r="46" fill="rgba(255,255,255,0.16)" />
          <circle cx="140" cy="70" r="28" fill="rgba(255,255,255,0.2)" />
          <rect x="92" y="126" width="96" height="10" rx="5" fill="rgba(255,255,255,0.22)" />
        </>
      ) : variant === 1 ? (
        <>
          {[0, 1, 2, 3].map((row) =>
            [0, 1, 2, 3].map((col) => (
              <rect
                key={`${row}-${col}`}
                x={96 + col * 24}
                y={30 + row * 24}
                width="18"
                height="18"
                rx="4"
                fill={(row + col) % 3 === 0 ? 'rgba(255,255,255,0.45)' : 'rgba(255,255,255,0.15)'}
              />
            )),
          )}
        </>
      ) : (
        <>
          <circle cx="120" cy="70" r="34" fill="rgba(255,255,255,0.18)" />
          <circle cx="160" cy="84" r="34" fill="rgba(255,255,255,0.18)" />
          <path d="M104 140 q36 24 72 0" stroke="rgba(255,255,255,0.35)" strokeWidth="8" fill="none" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
