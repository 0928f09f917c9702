import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pictureKeys, queryPictures } from '@/api/system/picture';
import { SITE_NAME } from '@/app/site';
// In the first load: the slideshow is the home's first screen (its list and first picture come with the page).
import PictureCarousel from './PictureCarousel';

const SLOGAN = '汇聚政务数据资源，推动公共数据有序开放，服务社会创新与数字经济发展';

/** The default banner: shown while the slideshow loads, when it is empty or cannot be loaded. */
function DefaultHero({ search }: { search: ReactNode }) {
  return (
    <section className="home-hero">
      <div className="home-hero-inner">
        <h1>{SITE_NAME}</h1>
        <p>{SLOGAN}</p>
        {search}
      </div>
    </section>
  );
}

/** The top of the portal home: the slideshow of 轮播图管理 when it has pictures, else the default banner. */
export function HomeBanner({ search }: { search: ReactNode }) {
  const { data } = useQuery({ queryKey: pictureKeys.portal, queryFn: queryPictures, staleTime: 5 * 60_000 });
  if (!data?.length) return <DefaultHero search={search} />;
  return <PictureCarousel pictures={data} search={search} />;
}
