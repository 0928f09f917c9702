import type { IndexNum } from '@odp/contracts';
import { ACHIEVEMENT_PATHS, CONTENT_PATHS, formatCount } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getIndexNum } from '@/api/portal';
import { queryKeys } from '@/api/query-keys';
import { isBuilt } from '@/app/site';
import { CATALOGUE_PATH as CATALOGUE, SEARCH_PATH as SEARCH, searchPath } from '@/components/portal/links';
import { EntryLists } from './home/EntryLists';
import { HomeBanner } from './home/HomeBanner';
import { KeyAreaTiles } from './home/KeyAreaTiles';
import { SearchBox } from './SearchBox';
import './home.css';

// Below the fold: its code, styles and data come once the visitor scrolls near it.
const HomeAchievements = lazy(() => import('./home/HomeAchievements'));
const HomeInformation = lazy(() => import('./home/HomeInformation'));

/** Renders `children` once the place is within a screen of the viewport; until then keeps `minHeight`. */
function BelowFold({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div style={{ minHeight }} />;
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}

const COUNTERS: { key: keyof IndexNum; title: string; suffix: string }[] = [
  { key: 'departNum', title: '部门', suffix: '个' },
  { key: 'catalogNum', title: '数据目录', suffix: '个' },
  { key: 'apiNum', title: '数据接口', suffix: '个' },
  { key: 'tableNum', title: '库表', suffix: '张' },
  { key: 'dataNum', title: '数据量', suffix: '条' },
  { key: 'callNum', title: '调用次数', suffix: '次' },
  { key: 'achievementNum', title: '应用成果', suffix: '个' },
];

function Counters() {
  const { data, isLoading } = useQuery({ queryKey: queryKeys.portal.indexNum, queryFn: getIndexNum });
  return (
    <section className="portal-section home-counters" aria-label="平台数据概览">
      {COUNTERS.map(({ key, title, suffix }) => {
        const count = data ? formatCount(data[key]) : null;
        return (
          <div key={key} className="home-counter">
            {isLoading ? (
              // As tall as a figure, so the tiles keep their size when the figures come.
              <div className="home-counter-value">
                <Skeleton.Input active size="large" style={{ width: 96 }} />
              </div>
            ) : (
              <div className="home-counter-value">
                {count?.value ?? '—'}
                <small>
                  {count?.unit}
                  {count && suffix}
                </small>
              </div>
            )}
            <div className="home-counter-title">{title}</div>
          </div>
        );
      })}
    </section>
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  // A word goes to the site search; an empty search opens the whole catalogue.
  const search = (value: string) => {
    const word = value.trim();
    navigate(word ? searchPath(word) : CATALOGUE);
  };

  return (
    <>
      <HomeBanner search={isBuilt(SEARCH) && <SearchBox onSearch={search} />} />
      <Counters />
      {isBuilt(CATALOGUE) && (
        <>
          <KeyAreaTiles />
          <EntryLists />
        </>
      )}
      {isBuilt(CONTENT_PATHS.information) && (
        <BelowFold minHeight={360}>
          <HomeInformation />
        </BelowFold>
      )}
      {isBuilt(ACHIEVEMENT_PATHS.list) && (
        <BelowFold minHeight={360}>
          <HomeAchievements />
        </BelowFold>
      )}
    </>
  );
}
