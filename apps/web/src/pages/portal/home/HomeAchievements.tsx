import { ACHIEVEMENT_PATHS } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { achievementKeys, homeAchievements } from '@/api/achievement';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { AchievementCardView } from '../achievement/AchievementCardView';
import '../achievement/achievement.css';

/** 应用成果 on the home: the newest published results as cards, and 更多 to the whole list. */
export default function HomeAchievements() {
  const list = useQuery({ queryKey: achievementKeys.home, queryFn: homeAchievements });
  const newest = list.data?.newest ?? [];
  let body: React.ReactNode;
  if (list.isLoading) body = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (list.isError) body = <ErrorState onRetry={() => list.refetch()} />;
  else if (newest.length === 0) body = <EmptyState description="暂无应用成果" />;
  else
    body = (
      <div className="ach-results home-achievements-grid">
        {newest.map((item) => (
          <AchievementCardView key={item.id} item={item} headingLevel={3} />
        ))}
      </div>
    );
  return (
    <section className="portal-section home-block" aria-labelledby="home-achievements">
      <header className="home-block-head">
        <h2 id="home-achievements">应用成果</h2>
        <Link to={ACHIEVEMENT_PATHS.list}>更多 ›</Link>
      </header>
      {body}
    </section>
  );
}
