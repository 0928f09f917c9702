import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { getKeyAreaCounts, marketKeys } from '@/api/market';
import { CATALOGUE_PATH as CATALOGUE } from '@/components/portal/links';
import { ErrorState } from '@/components/portal/StateViews';
import { KEY_AREA_LOOK } from './key-area-icons';

/** 重点领域: the 21 key areas with their open entries; a tile opens the catalogue filtered by it. */
export function KeyAreaTiles() {
  const areas = useQuery({ queryKey: marketKeys.keyAreas, queryFn: getKeyAreaCounts });

  return (
    <section className="portal-section home-block" aria-labelledby="home-areas">
      <header className="home-block-head">
        <h2 id="home-areas">重点领域</h2>
        <Link to={CATALOGUE}>全部数据 ›</Link>
      </header>
      {areas.isError ? (
        <ErrorState onRetry={() => areas.refetch()} />
      ) : (
        <ul className="home-areas">
          {areas.isLoading
            ? Array.from({ length: 21 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
                <li key={i} className="home-area">
                  <Skeleton.Avatar active size={40} />
                  <Skeleton.Input active size="small" style={{ width: 64, minWidth: 64 }} />
                </li>
              ))
            : (areas.data ?? []).map((area) => {
                const look = KEY_AREA_LOOK[area.value] ?? KEY_AREA_LOOK['21'];
                return (
                  <li key={area.value}>
                    <Link className="home-area" to={`${CATALOGUE}?keyAreasType=${encodeURIComponent(area.value)}`}>
                      <span className="home-area-icon" style={{ color: look.color, background: `${look.color}14` }}>
                        {look.icon}
                      </span>
                      <span className="home-area-name">{area.label}</span>
                      <span className="home-area-count">{area.count} 个目录</span>
                    </Link>
                  </li>
                );
              })}
        </ul>
      )}
    </section>
  );
}
