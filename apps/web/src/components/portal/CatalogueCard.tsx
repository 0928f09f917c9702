import { CalendarOutlined, DownloadOutlined, EyeOutlined, FileDoneOutlined, SyncOutlined } from '@ant-design/icons';
import { CATALOGUE_DICT } from '@odp/contracts/constants';
import { Link } from 'react-router-dom';
import type { MarketCard } from '@/api/market';
import { DictText } from '@/components/DictTag';
import { PortalDictTag } from '@/components/portal/PortalTag';
import { formatCounter, formatDate, scoreOf } from './format';
import { Highlight } from './Highlight';
import { detailPath } from './links';
import './portal-ui.css';
import { ScoreStars } from './ScoreStars';

export { CARD_DICTS } from '@odp/contracts/constants';

/** 无条件开放 green, 有条件开放 orange, as the portal marks them everywhere. */
export const OPEN_TYPE_COLORS: Record<string, string> = { '1': 'green', '2': 'orange', '3': 'default' };

/** One open catalogue entry in a result list, with its matches marked. */
export function CatalogueCard({ item }: { item: MarketCard }) {
  const score = scoreOf(item.scoreAvg);
  return (
    <article className="portal-card">
      <header className="portal-card-head">
        <h3>
          <Link to={detailPath(item.id)}>
            <Highlight html={item.highlight?.catalogName} text={item.catalogName} />
          </Link>
        </h3>
        <PortalDictTag code={CATALOGUE_DICT.openType} value={item.openType} colors={OPEN_TYPE_COLORS} />
        <PortalDictTag
          code={CATALOGUE_DICT.dataFormat}
          value={item.dataFormat}
          colors={{ file: 'blue', table: 'cyan', api: 'purple' }}
        />
      </header>
      <p className="portal-card-summary">
        <Highlight html={item.highlight?.informationSummary} text={item.informationSummary} />
      </p>
      <dl className="portal-card-meta">
        <div>
          <dt>来源部门</dt>
          <dd>{item.departName || '-'}</dd>
        </div>
        <div>
          <dt>领域</dt>
          <dd>
            <DictText code={CATALOGUE_DICT.keyAreasType} value={item.keyAreasType} />
          </dd>
        </div>
        <div>
          <dt>更新频率</dt>
          <dd>
            <DictText code={CATALOGUE_DICT.updateFrequency} value={item.updateFrequency} />
          </dd>
        </div>
        <div>
          <dt>
            <CalendarOutlined /> 发布时间
          </dt>
          <dd>{formatDate(item.releaseTime)}</dd>
        </div>
        <div>
          <dt>
            <SyncOutlined /> 更新时间
          </dt>
          <dd>{formatDate(item.dataUpdateTime)}</dd>
        </div>
      </dl>
      <footer className="portal-card-stats">
        <span title="访问量">
          <EyeOutlined /> 访问量 {formatCounter(item.viewNum)}
        </span>
        <span title="下载量">
          <DownloadOutlined /> 下载量 {formatCounter(item.downloadNum)}
        </span>
        <span title="申请量">
          <FileDoneOutlined /> 申请量 {formatCounter(item.applicationsNum)}
        </span>
        <span className="portal-card-score" title={`评分 ${score.toFixed(1)}`}>
          评分 <ScoreStars score={score} /> {score.toFixed(1)}
        </span>
      </footer>
    </article>
  );
}
