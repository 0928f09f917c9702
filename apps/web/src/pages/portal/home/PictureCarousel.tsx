import type { PictureRecord } from '@odp/contracts';
import { Carousel } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '@/app/site';
import './PictureCarousel.css';

/** A slide's picture and title, a link when the picture has one (site paths in the app, others in a new tab). */
function Slide({ picture, eager }: { picture: PictureRecord; eager: boolean }) {
  const body = (
    <>
      {/* The caption names the slide; the picture itself adds nothing to read out. */}
      <img src={picture.url} alt="" loading={eager ? 'eager' : 'lazy'} draggable={false} />
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

/** The portal home slideshow (antd Carousel, autoplay); the search box stays put over the slides. */
export default function PictureCarousel({ pictures, search }: { pictures: PictureRecord[]; search: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  // The slider hides the slides out of view (and its copies for the endless loop) from screen readers;
  // their links must leave the tab order too, or the keyboard lands on something no one can see.
  const syncFocus = useCallback(() => {
    for (const slide of box.current?.querySelectorAll('.slick-slide') ?? []) {
      const hidden = slide.getAttribute('aria-hidden') === 'true';
      for (const link of slide.querySelectorAll('a')) {
        if (hidden) link.setAttribute('tabindex', '-1');
        else link.removeAttribute('tabindex');
      }
    }
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slides are rebuilt when the pictures change
  useEffect(syncFocus, [pictures, syncFocus]);
  return (
    <section className="home-banner" aria-label="轮播图" ref={box}>
      <h1 className="sr-only">{SITE_NAME}</h1>
      <Carousel
        autoplay
        autoplaySpeed={5000}
        draggable={pictures.length > 1}
        dots={pictures.length > 1}
        afterChange={syncFocus}
      >
        {pictures.map((picture, index) => (
          <div key={picture.id}>
            <Slide picture={picture} eager={index === 0} />
          </div>
        ))}
      </Carousel>
      {search && <div className="home-banner-search">{search}</div>}
    </section>
  );
}
