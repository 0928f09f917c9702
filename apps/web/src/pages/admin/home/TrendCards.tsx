import { HOME_TREND_MONTHS } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { getDataService, getDataStatistics, homeKeys } from '@/api/home';
import { QueryCard, ScopeTag } from './parts';
import type { HomeScope } from './widgets';

// ECharts arrives in its own chunk once a chart has something to show, as on 开放统计.
const ServiceBarChart = lazy(() => import('./HomeCharts').then((m) => ({ default: m.ServiceBarChart })));
const StatisticsLineChart = lazy(() => import('./HomeCharts').then((m) => ({ default: m.StatisticsLineChart })));

const chartSkeleton = <Skeleton active title={false} paragraph={{ rows: 7 }} />;
const allZero = (...lists: number[][]) => lists.every((list) => list.every((n) => n === 0));
const period = `近${HOME_TREND_MONTHS}个月`;

/** 数据服务: the entries published each month of the last year. */
export function DataServiceCard({ scope }: { scope: HomeScope }) {
  const query = useQuery({ queryKey: homeKeys.dataService, queryFn: getDataService });
  return (
    <QueryCard
      title={
        <>
          数据服务 <ScopeTag scope={scope} />
        </>
      }
      extra={<span className="home-group-title">{period}上架</span>}
      query={query}
      rows={7}
    >
      {(data) =>
        allZero(data.dataDirectoryNumList) ? (
          <div className="home-chart home-chart-empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${period}没有新上架的数据目录`} />
          </div>
        ) : (
          <Suspense fallback={chartSkeleton}>
            <ServiceBarChart data={data} />
          </Suspense>
        )
      }
    </QueryCard>
  );
}

/** 数据统计: calls with share keys and rows delivered each month of the last year. */
export function DataStatisticsCard({ scope }: { scope: HomeScope }) {
  const query = useQuery({ queryKey: homeKeys.dataStatistics, queryFn: getDataStatistics });
  return (
    <QueryCard
      title={
        <>
          数据统计 <ScopeTag scope={scope} />
        </>
      }
      extra={<span className="home-group-title">{period}共享使用</span>}
      query={query}
      rows={7}
    >
      {(data) =>
        allZero(data.apiTotalNumList, data.tableTotalNumList) ? (
          <div className="home-chart home-chart-empty">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${period}没有共享数据的接口调用和数据交换`} />
          </div>
        ) : (
          <Suspense fallback={chartSkeleton}>
            <StatisticsLineChart data={data} />
          </Suspense>
        )
      }
    </QueryCard>
  );
}
