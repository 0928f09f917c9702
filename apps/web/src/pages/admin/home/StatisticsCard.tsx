import { type HomeStatistics, STATISTIC_PATH } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { Link } from 'react-router-dom';
import { getHomeStatistics, statisticKeys } from '@/api/stats';
import { Figure, formatCount, QueryCard, ScopeTag } from './parts';

type Measures = HomeStatistics['city'];

/** The measures the widget shows, with the city's average beside a department's own. */
const KEYS: { key: keyof Measures; label: string; unit: string; decimals?: number }[] = [
  { key: 'openEntries', label: '开放目录', unit: '个' },
  { key: 'validEntries', label: '有效数据集', unit: '个' },
  { key: 'onTimeRate', label: '按时更新率', unit: '%', decimals: 1 },
  { key: 'updates', label: '本月数据更新', unit: '次' },
  { key: 'downloads', label: '本月下载', unit: '次' },
  { key: 'replyRate', label: '本月互动回复率', unit: '%', decimals: 1 },
];

const rate = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * 统计 on the back-office home: the bureau sees the city's key measures and the departments' ranking; a
 * department sees its own measures with the city's department average under each.
 */
export function StatisticsCard({ routed }: { routed: (path?: string) => boolean }) {
  const query = useQuery({ queryKey: statisticKeys.home, queryFn: getHomeStatistics });
  const scope = query.data?.scope ?? 'department';
  return (
    <QueryCard
      title={
        <>
          统计概览 <ScopeTag scope={scope} />
        </>
      }
      extra={routed(STATISTIC_PATH) ? <Link to={STATISTIC_PATH}>统计分析</Link> : undefined}
      query={query}
      rows={6}
    >
      {(s: HomeStatistics) => (
        <>
          <div className="home-figures home-figures-three">
            {KEYS.map(({ key, label, unit, decimals }) => (
              <div key={key}>
                <Figure label={label} value={(s.own ?? s.city)[key] as number | null} unit={unit} decimals={decimals} />
                {s.own && (
                  <div className="home-figure-note">
                    全市平均 {formatCount(s.average[key] as number | null, decimals ?? 1)}
                    {unit === '%' ? '%' : ''}
                  </div>
                )}
              </div>
            ))}
          </div>
          {s.scope === 'city' && (
            <Table
              className="home-ranking"
              size="small"
              rowKey="orgCode"
              pagination={false}
              dataSource={s.ranking}
              locale={{ emptyText: '暂无部门数据' }}
              caption={`部门排行（${s.label}）`}
              columns={[
                { title: '排名', width: 56, render: (_v, _r, i) => i + 1 },
                { title: '部门', dataIndex: 'departName', ellipsis: true },
                { title: '开放目录', dataIndex: 'openEntries', align: 'right', width: 84 },
                { title: '按时更新率', dataIndex: 'onTimeRate', align: 'right', width: 96, render: rate },
                { title: '回复率', dataIndex: 'replyRate', align: 'right', width: 76, render: rate },
              ]}
            />
          )}
        </>
      )}
    </QueryCard>
  );
}
