import type { HomeShareServices } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import {
  getDataApply,
  getDataCataloging,
  getDataCollection,
  getMyProvideService,
  getMyUseService,
  homeKeys,
} from '@/api/home';
import { Figure, LoadFailed, QueryCard, ScopeTag } from './parts';
import type { HomeScope } from './widgets';

/** The 数据共享 lists the service cards lead to (pages/admin/sharing, share module menus). */
export const SHARE_LISTS = {
  mine: '/datasharing/releaseing',
  inReview: '/datasharing/examine',
  inUse: '/datasharing/useing',
  released: '/datasharing/releasedlist',
} as const;

type Routed = (path?: string) => boolean;

const SIDES = {
  provide: { title: '我提供的服务', queryKey: homeKeys.provide, queryFn: getMyProvideService },
  use: { title: '我使用的服务', queryKey: homeKeys.use, queryFn: getMyUseService },
  // The bureau sees every application from either side; one card says so.
  city: { title: '全市共享服务', queryKey: homeKeys.provide, queryFn: getMyProvideService },
};

/** 共享申请中 / 正在使用中 / 已停止的服务 of one side of the share applications, each opening its list. */
export function ServiceCard({ side, routed }: { side: keyof typeof SIDES; routed: Routed }) {
  const { title, queryKey, queryFn } = SIDES[side];
  const query = useQuery({ queryKey, queryFn });
  const to = (path: string) => (routed(path) ? path : undefined);
  const scope: HomeScope = side === 'city' ? 'city' : 'department';
  return (
    <QueryCard
      title={
        <>
          {title} <ScopeTag scope={scope} />
        </>
      }
      extra={side !== 'provide' && routed(SHARE_LISTS.mine) ? <Link to={SHARE_LISTS.mine}>我的数据</Link> : undefined}
      query={query}
    >
      {(s: HomeShareServices) => (
        <div className="home-figures home-figures-three">
          <Figure label="共享申请中" value={s.sharingApproval} unit="个" to={to(SHARE_LISTS.inReview)} />
          <Figure label="正在使用中" value={s.using} unit="个" to={to(SHARE_LISTS.inUse)} />
          <Figure label="已停止的服务" value={s.historySharing} unit="个" to={to(SHARE_LISTS.released)} />
        </div>
      )}
    </QueryCard>
  );
}

/** 数据共享: what the department's (the city's) data gave through sharing. */
export function ShareFiguresCard({ scope }: { scope: HomeScope }) {
  const query = useQuery({ queryKey: homeKeys.shareFigures, queryFn: getDataApply });
  return (
    <QueryCard
      title={
        <>
          数据共享 <ScopeTag scope={scope} />
        </>
      }
      query={query}
      rows={4}
    >
      {(f) => (
        <div className="home-figures">
          <Figure label="已共享数据目录" value={f.sharedDataDirectory} unit="个" />
          <Figure label="已共享批量数据" value={f.sharedBatchData} unit="个" />
          <Figure label="已共享服务接口" value={f.sharedServiceInterface} unit="个" />
          <Figure label="共享数据量" value={f.sharedDataVolume} unit="条" />
          <Figure label="接口调用量" value={f.interfaceAmount} unit="次" />
          <Figure label="接口调用成功率" value={f.interfaceSuccessRate} unit="%" emptyText="暂无调用" decimals={1} />
        </div>
      )}
    </QueryCard>
  );
}

/** 数据编目 (entries on shelf) and 数据归集 (entries holding data, and their rows). */
export function CatalogueFiguresCard({ scope }: { scope: HomeScope }) {
  const cataloging = useQuery({ queryKey: homeKeys.cataloging, queryFn: getDataCataloging });
  const collection = useQuery({ queryKey: homeKeys.collection, queryFn: getDataCollection });
  const failed = cataloging.isError || collection.isError;
  return (
    <Card
      className="home-card"
      title={
        <>
          数据目录 <ScopeTag scope={scope} />
        </>
      }
    >
      {failed ? (
        <LoadFailed
          onRetry={() => {
            void cataloging.refetch();
            void collection.refetch();
          }}
        />
      ) : !cataloging.data || !collection.data ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <>
          <section className="home-group" aria-label="数据编目">
            <div className="home-group-title">数据编目</div>
            <div className="home-figures home-figures-three">
              <Figure label="已上架目录" value={cataloging.data.catalogTotal} unit="个" />
              <Figure label="库表目录" value={cataloging.data.tableTotal} unit="个" />
              <Figure label="接口目录" value={cataloging.data.interfaceTotal} unit="个" />
            </div>
          </section>
          <section className="home-group" aria-label="数据归集">
            <div className="home-group-title">数据归集</div>
            <div className="home-figures home-figures-three">
              <Figure label="已归集目录" value={collection.data.uploadTotal} unit="个" />
              <Figure label="目录总数" value={collection.data.wholeTotal} unit="个" />
              <Figure label="归集数据量" value={collection.data.collection} unit="条" />
            </div>
          </section>
        </>
      )}
    </Card>
  );
}
