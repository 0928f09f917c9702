import { useQuery } from '@tanstack/react-query';
import { achievementKeys, achievementsOfDataset } from '@/api/achievement';
import { AchievementCardView } from './AchievementCardView';
import './achievement.css';

/** A dataset's detail page: the published results that use it (nothing when none), a panel like 相关数据. */
export default function DatasetAchievements({ catalogId }: { catalogId: string }) {
  const { data } = useQuery({
    queryKey: achievementKeys.ofDataset(catalogId),
    queryFn: () => achievementsOfDataset(catalogId),
  });
  if (!data?.length) return null;
  return (
    <section className="ach-dataset-section" aria-labelledby="dataset-achievements">
      <h3 id="dataset-achievements">使用该数据的应用成果（{data.length}）</h3>
      <div className="ach-results">
        {data.map((item) => (
          <AchievementCardView key={item.id} item={item} headingLevel={4} />
        ))}
      </div>
    </section>
  );
}
