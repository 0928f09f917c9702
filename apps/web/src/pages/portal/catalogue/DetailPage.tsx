import {
  ApiOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileDoneOutlined,
  LikeOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { CATALOGUE_DICT } from '@odp/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { getMarketDetail, type MarketDetail, type MarketRelated, marketKeys, toggleCollection } from '@/api/market';
import { takeSeeded } from '@/app/page-data';
import { useLoginGate } from '@/components/account/useLoginGate';
import { DictText } from '@/components/DictTag';
import { OPEN_TYPE_COLORS } from '@/components/portal/CatalogueCard';
import { usePortalTrees } from '@/components/portal/CategoryTree/use-portal-trees';
import { formatCounter, formatDate, scoreOf } from '@/components/portal/format';
import { CATALOGUE_PATH as CATALOGUE, detailPath } from '@/components/portal/links';
import { PortalDictTag } from '@/components/portal/PortalTag';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { TabStrip } from '@/components/portal/TabStrip';
import { usePortalTitle } from '@/layouts/PortalLayout';
import { ShareApplyButton } from '@/pages/admin/sharing/ShareApplyButton';
import { useSession } from '@/session';
import { ApplyAction } from './detail/ApplyAction';
import { BasicInfo } from './detail/BasicInfo';
import { ServiceMatterBlock } from './detail/ServiceMatterBlock';
import './catalogue.css';

// Only 基本信息 is on screen when the page opens; the other tabs and the rating dialog load when opened.
const DataItemsTable = lazy(() => import('./detail/DataItemsTable').then((m) => ({ default: m.DataItemsTable })));
const PreviewPanel = lazy(() => import('./detail/PreviewPanel').then((m) => ({ default: m.PreviewPanel })));
const DownloadPanel = lazy(() => import('./detail/DownloadPanel').then((m) => ({ default: m.DownloadPanel })));
const EvaluationsPanel = lazy(() => import('./detail/EvaluationsPanel'));
// The results that use the entry: their own chunk, after the page's own content.
const DatasetAchievements = lazy(() => import('../achievement/DatasetAchievements'));
const ApiPanel = lazy(() => import('./detail/ApiPanel').then((m) => ({ default: m.ApiPanel })));
const RatingDialog = lazy(() => import('./detail/RatingDialog'));
const CorrectionDialog = lazy(() => import('./detail/CorrectionDialog'));

const panel = (node: ReactNode) => <Suspense fallback={<Skeleton active />}>{node}</Suspense>;

import { feedback } from '@/api/feedback';
import { ScoreStars } from '@/components/portal/ScoreStars';

const TABS = ['basic', 'items', 'preview', 'download', 'api', 'evaluations'] as const;
type Tab = (typeof TABS)[number];

function Counters({ detail }: { detail: MarketDetail }) {
  const score = scoreOf(detail.scoreAvg);
  const counters = [
    { icon: <EyeOutlined />, label: '访问量', value: formatCounter(detail.viewNum) },
    { icon: <DownloadOutlined />, label: '下载量', value: formatCounter(detail.downloadNum) },
    { icon: <FileDoneOutlined />, label: '申请量', value: formatCounter(detail.applicationsNum) },
    { icon: <StarOutlined />, label: '收藏量', value: formatCounter(detail.collectNum) },
    { icon: <ApiOutlined />, label: '调用次数', value: formatCounter(detail.callNum) },
  ];
  return (
    <ul className="detail-counters">
      {counters.map((c) => (
        <li key={c.label}>
          <strong>{c.value}</strong>
          <span className="detail-counter-label">
            {c.icon} {c.label}
          </span>
        </li>
      ))}
      <li>
        <strong>
          {score.toFixed(1)}
          <ScoreStars score={score} />
        </strong>
        <span className="detail-counter-label">
          <LikeOutlined /> 评分{detail.scoreCount ? `（${detail.scoreCount} 人）` : ''}
        </span>
      </li>
    </ul>
  );
}

/** 相关数据: entries of the same department or key area. */
function Related({ items }: { items: MarketRelated[] }) {
  return (
    <section className="detail-related" aria-labelledby="detail-related-title">
      <h3 id="detail-related-title">相关数据</h3>
      {!items || items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <Link to={detailPath(item.id)}>{item.catalogName}</Link>
              <small>
                <DictText code={CATALOGUE_DICT.keyAreasType} value={item.keyAreasType} /> · {item.departName || '-'} ·{' '}
                {formatDate(item.releaseTime)}
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div className="portal-section detail-page">
      <section className="detail-head">
        <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 4 }} />
      </section>
      <div className="detail-main">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    </div>
  );
}

export default function DetailPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'basic';
  const { token } = useSession();
  const { message } = feedback;
  const queryClient = useQueryClient();
  const { gate, prompt } = useLoginGate();
  const [rating, setRating] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const { categoryNames } = usePortalTrees();

  // A signed-in user's answer carries their own rating and collection, so the key says who asks.
  const detailKey = marketKeys.detail(id, token ? 'user' : 'guest');
  const detail = useQuery({
    queryKey: detailKey,
    // A signed-in visitor's page that arrived with the guest's answer had its view counted then.
    queryFn: () => getMarketDetail(id, Boolean(token) && takeSeeded(marketKeys.detail(id, 'guest'))),
    enabled: Boolean(id),
  });
  usePortalTitle(detail.data?.catalogName);

  const collect = useMutation({
    mutationFn: () => toggleCollection(id),
    onSuccess: (result) => {
      message.success(result.collected ? '收藏成功' : '已取消收藏');
      // Patched, not fetched again: every fetch of the detail counts a view.
      queryClient.setQueryData<MarketDetail>(detailKey, (d) => (d ? { ...d, ...result } : d));
    },
  });

  if (!id) return <EmptyState description="未指定数据目录，请从开放数据列表进入" />;
  if (detail.isLoading) return <DetailSkeleton />;
  if (detail.isError || !detail.data) {
    const gone = detail.error instanceof ApiError && [400, 404].includes(detail.error.status);
    return (
      <div className="portal-section detail-page">
        {gone ? (
          <EmptyState description="该数据目录不存在或已下架">
            <Link to={CATALOGUE}>返回开放数据</Link>
          </EmptyState>
        ) : (
          <ErrorState
            message={detail.error instanceof ApiError ? detail.error.message : undefined}
            onRetry={() => detail.refetch()}
          />
        )}
      </div>
    );
  }

  const d = detail.data;
  // The server counts the download the link starts; the page follows without fetching (which counts a view).
  const countDownload = () =>
    queryClient.setQueryData<MarketDetail>(detailKey, (x) => (x ? { ...x, downloadNum: x.downloadNum + 1 } : x));
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'basic') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  };

  return (
    <div className="portal-section detail-page">
      <section className="detail-head">
        <div className="detail-title-row">
          <h1>{d.catalogName}</h1>
          <div className="detail-actions">
            <Button
              icon={d.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              loading={collect.isPending}
              onClick={() => gate(() => collect.mutate())}
            >
              {d.collected ? '已收藏' : '收藏'}
            </Button>
            <Button type="primary" icon={<LikeOutlined />} onClick={() => gate(() => setRating(true))}>
              {d.myRating ? '修改评分' : '评分'}
            </Button>
            {d.openType === '2' && <ApplyAction detail={d} />}
            <ShareApplyButton detail={d} />
            <Button icon={<EditOutlined />} onClick={() => gate(() => setCorrecting(true))}>
              数据纠错
            </Button>
            <Link
              className="detail-rights-link"
              to={`/communication/interaction?${new URLSearchParams({ section: 'rightsProtection', tab: 'new', catalogId: d.id, catalogName: d.catalogName })}`}
            >
              权益保护
            </Link>
          </div>
        </div>
        <div className="detail-tags">
          <PortalDictTag code={CATALOGUE_DICT.openType} value={d.openType} colors={OPEN_TYPE_COLORS} />
          <PortalDictTag
            code={CATALOGUE_DICT.keyAreasType}
            value={d.keyAreasType}
            colors={{ [d.keyAreasType]: 'blue' }}
          />
          <PortalDictTag
            code={CATALOGUE_DICT.updateFrequency}
            value={d.updateFrequency}
            colors={{ [d.updateFrequency]: 'cyan' }}
          />
          <PortalDictTag code={CATALOGUE_DICT.dataFormat} value={d.dataFormat} colors={{ [d.dataFormat]: 'purple' }} />
        </div>
        <p className="detail-summary">{d.informationSummary}</p>
        <dl className="detail-meta">
          <div>
            <dt>数源部门：</dt>
            <dd>{d.departName || '-'}</dd>
          </div>
          <div>
            <dt>信息资源代码：</dt>
            <dd>{d.catalogCode}</dd>
          </div>
          <div>
            <dt>发布时间：</dt>
            <dd>{formatDate(d.releaseTime)}</dd>
          </div>
          <div>
            <dt>更新时间：</dt>
            <dd>{formatDate(d.dataUpdateTime)}</dd>
          </div>
        </dl>
        <Counters detail={d} />
      </section>

      <div className="detail-main">
        <TabStrip
          label="数据目录详情"
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'basic',
              label: '基本信息',
              children: (
                <>
                  <BasicInfo detail={d} categoryName={d.categoryId ? categoryNames[d.categoryId] : undefined} />
                  {d.serviceMatter && <ServiceMatterBlock matter={d.serviceMatter} />}
                </>
              ),
            },
            {
              key: 'items',
              label: `信息项（${d.dataList.length}）`,
              children: panel(<DataItemsTable items={d.dataList} />),
            },
            {
              key: 'preview',
              label: '数据预览',
              children: panel(<PreviewPanel catalogId={d.id} files={d.files} table={d.table} items={d.dataList} />),
            },
            {
              key: 'download',
              label: '数据下载',
              children: panel(<DownloadPanel detail={d} onDownload={() => countDownload()} />),
            },
            {
              key: 'api',
              label: 'API 接口',
              children: panel(<ApiPanel detail={d} />),
            },
            {
              key: 'evaluations',
              label: `评价${d.scoreCount ? `（${d.scoreCount}）` : ''}`,
              children: panel(<EvaluationsPanel catalogId={d.id} mine={d.myRating} count={d.scoreCount} />),
            },
          ]}
        />
      </div>
      <Related items={d.related} />
      <Suspense fallback={null}>
        <DatasetAchievements catalogId={d.id} />
      </Suspense>

      {rating && (
        <Suspense fallback={null}>
          <RatingDialog
            open={rating}
            title={d.catalogName}
            onClose={() => setRating(false)}
            catalogId={d.id}
            mine={d.myRating}
          />
        </Suspense>
      )}
      {correcting && (
        <Suspense fallback={null}>
          <CorrectionDialog catalogId={d.id} catalogName={d.catalogName} onClose={() => setCorrecting(false)} />
        </Suspense>
      )}
      {prompt}
    </div>
  );
}
