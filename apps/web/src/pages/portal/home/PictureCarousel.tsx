import type { PictureRecord } from '@odp/contracts';
import { pictureSrcSet } from '@odp/contracts/constants';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '@/app/site';
import './PictureCarousel.css';

/** A slide's picture and title, a link when the picture has one (site paths in the app, others in a new tab). */
function Slide({ picture, eager }: { picture: PictureRecord; eager: boolean }) {
  const body = (
    <>
      {/* The caption names the slide; the picture itself adds nothing to read out. */}
      <img
        src={picture.url}
        srcSet={pictureSrcSet(picture.url)}
        sizes="100vw"
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        draggable={false}
      />
      <div className="home-banner-caption">
        <span className="home-banner-site">{SITE_NAME}</span>
        <h2>{picture.title}</h2>
      </div>
    </>
  );
  if (!picture.linkUrl) return <div className="home-banner-slide">{body}</div>;
  if (picture.linkUrl.startsWith('/')) {
    return (
      <Link className="home-banner-slide" to={picture.linkUrl}>
        {body}
      </Link>
    );
  }
  return (
    <a className="home-banner-slide" href={picture.linkUrl} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  );
}

const INTERVAL_MS = 5000;
/** A horizontal drag longer than this changes the slide. */
const SWIPE_PX = 40;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The portal home slideshow: the search box stays put over the slides. A plain sliding track rather
 * than antd's carousel (react-slick measures every slide on mount, which on a phone held the first
 * render for a quarter of a second). It turns every five seconds unless the visitor asked for less
 * motion; hovering or focusing it holds it, and 暂停 stops it (WCAG 2.2.2). Slides out of view are
 * hidden from screen readers and the keyboard.
 */
export default function PictureCarousel({ pictures, search }: { pictures: PictureRecord[]; search: ReactNode }) {
  const count = pictures.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  const dragFrom = useRef<number | null>(null);
  const current = Math.min(index, count - 1);
  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (paused || held || count < 2) return;
    const timer = window.setTimeout(() => go(current + 1), INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, held, count, current, go]);

  const endDrag = (x: number) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null || Math.abs(x - from) < SWIPE_PX) return;
    go(current + (x < from ? 1 : -1));
  };

  return (
    <section
      className="home-banner"
      aria-label="轮播图"
      aria-roledescription="carousel"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <h1 className="sr-only">{SITE_NAME}</h1>
      <div
        className="home-banner-viewport"
        onPointerDown={(event) => {
          dragFrom.current = event.clientX;
        }}
        onPointerUp={(event) => endDrag(event.clientX)}
        onPointerCancel={() => {
          dragFrom.current = null;
        }}
      >
        <div className="home-banner-track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {pictures.map((picture, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group with a role description
            <div
              key={picture.id}
              className="home-banner-item"
              role="group"
              aria-roledescription="slide"
              aria-label={`第 ${i + 1} 张，共 ${count} 张`}
              aria-hidden={i !== current}
              // Out of view: neither read out nor reachable by Tab.
              {...(i !== current ? { inert: '' } : {})}
            >
              <Slide picture={picture} eager={i === 0} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="home-banner-controls">
          <button
            type="button"
            className="home-banner-pause"
            aria-label={paused ? '继续轮播' : '暂停轮播'}
            onClick={() => setPaused(!paused)}
          >
            {paused ? '▶' : '❚❚'}
          </button>
          {pictures.map((picture, i) => (
            <button
              key={picture.id}
              type="button"
              className="home-banner-dot"
              aria-label={`第 ${i + 1} 张：${picture.title}`}
              aria-current={i === current}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
      {search && <div className="home-banner-search">{search}</div>}
    </section>
  );
}
