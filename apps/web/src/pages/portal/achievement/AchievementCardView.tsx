import type { AchievementCard } from '@odp/contracts';
import { achievementDetailPath, DEVELOPER_TYPE_LABEL } from '@odp/contracts/constants';
import { Link } from 'react-router-dom';

/** One result as a card: logo, name, type, developer, datasets used and views. */
export function AchievementCardView({ item, headingLevel = 2 }: { item: AchievementCard; headingLevel?: 2 | 3 | 4 }) {
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2];
  return (
    <article className="ach-card">
      <div className="ach-card-logo">
        {item.logoUrl ? (
          <img src={item.logoUrl} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span aria-hidden>应</span>
        )}
      </div>
      <div className="ach-card-body">
        <Heading className="ach-card-title">
          <Link to={achievementDetailPath(item.id)}>{item.applyName}</Link>
        </Heading>
        <div className="ach-card-tags">
          <span className="ach-tag">{item.applicationTypeText}</span>
          {item.linkBroken && <span className="ach-tag ach-tag-warn">链接失效</span>}
        </div>
        <p className="ach-card-intro">{item.applyIntroduce}</p>
        <dl className="ach-card-meta">
          <div>
            <dt>开发者</dt>
            <dd>
              {item.developerName}（{DEVELOPER_TYPE_LABEL[item.developerType] ?? '个人'}）
            </dd>
          </div>
          <div>
            <dt>使用数据集</dt>
            <dd>{item.datasetCount} 个</dd>
          </div>
          <div>
            <dt>浏览量</dt>
            <dd>{item.viewNum}</dd>
          </div>
          <div>
            <dt>评分</dt>
            <dd>{item.scoreNum ? item.scoreAvg.toFixed(1) : '暂无'}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
