import { ShareAltOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { APPLICATION_TYPE_LABEL, DEVELOPER_TYPE_LABEL } from '@odp/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { achievementKeys, collectAchievement, getPublicAchievement, rateAchievement } from '@/api/achievement';
import { feedback } from '@/api/feedback';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { usePortalTitle } from '@/layouts/PortalLayout';
import { signInPath } from '@/pages/account/landing';
import { useSession } from '@/session';
import './achievement.css';

const catalogueDetail = (id: string) => `/catalogue/datacatalogue/details?id=${encodeURIComponent(id)}`;

/** 成果详情 (`/service/serviceitem/serviceDetails?id=`): views counted, rating, 收藏, share link, datasets. */
export default function AchievementDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { token } = useSession();
  const viewer = token ? 'user' : 'guest';
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: achievementKeys.publicDetail(id, viewer),
    queryFn: () => getPublicAchievement(id, false),
    enabled: Boolean(id),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const item = detail.data;
  usePortalTitle(item?.applyName);

  const needSignIn = () => navigate(signInPath(location.pathname + location.search));
  const refresh = () => client.invalidateQueries({ queryKey: achievementKeys.publicAll });
  const rate = useMutation({
    mutationFn: (score: number) => rateAchievement(id, score),
    onSuccess: (r) => {
      client.setQueryData(achievementKeys.publicDetail(id, viewer), { ...item, ...r });
      feedback.message.success('评分成功');
      refresh();
    },
  });
  const collect = useMutation({
    mutationFn: (on: boolean) => collectAchievement(id, on),
    onSuccess: (r) => client.setQueryData(achievementKeys.publicDetail(id, viewer), { ...item, ...r }),
  });

  if (!id) return <EmptyState description="未指定应用成果" />;
  if (detail.isLoading)
    return (
      <div className="portal-section">
        <div className="ach-detail">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </div>
      </div>
    );
  if (detail.isError || !item)
    return (
      <div className="portal-section">
        {(detail.error as { status?: number } | null)?.status === 404 ? (
          <EmptyState description="应用成果不存在或已下架" />
        ) : (
          <ErrorState onRetry={() => detail.refetch()} />
        )}
      </div>
    );

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      feedback.message.success('链接已复制，可以分享给他人');
    } catch {
      feedback.message.info(`请复制地址栏中的链接：${window.location.href}`);
    }
  };

  return (
    <div className="portal-section">
      <article className="ach-detail">
        <div className="ach-detail-head">
          <div className="ach-card-logo ach-detail-logo">
            {item.logoUrl ? <img src={item.logoUrl} alt={`${item.applyName}的图标`} /> : <span aria-hidden>应</span>}
          </div>
          <div className="ach-detail-main">
            <h1>{item.applyName}</h1>
            <div className="ach-card-tags">
              <span className="ach-tag">{APPLICATION_TYPE_LABEL[item.applicationType] ?? '其他'}</span>
              {item.linkBroken && <span className="ach-tag ach-tag-warn">链接失效</span>}
            </div>
            <dl className="ach-card-meta">
              <div>
                <dt>开发者</dt>
                <dd>
                  {item.developerName}（{DEVELOPER_TYPE_LABEL[item.developerType] ?? '个人'}）
                </dd>
              </div>
              <div>
                <dt>上线日期</dt>
                <dd>{item.onlineDate}</dd>
              </div>
              <div>
                <dt>浏览量</dt>
                <dd>{item.viewNum}</dd>
              </div>
              <div>
                <dt>评分</dt>
                <dd>{item.scoreNum ? `${item.scoreAvg.toFixed(1)}（${item.scoreNum} 人）` : '暂无'}</dd>
              </div>
              <div>
                <dt>收藏</dt>
                <dd>{item.collectNum}</dd>
              </div>
            </dl>
            <div className="ach-detail-actions">
              {item.url && (
                <a className="ach-action" href={item.url} target="_blank" rel="noopener noreferrer">
                  访问应用
                </a>
              )}
              <button
                type="button"
                className="ach-action"
                aria-pressed={item.collected}
                onClick={() => (token ? collect.mutate(!item.collected) : needSignIn())}
              >
                {item.collected ? <StarFilled /> : <StarOutlined />} {item.collected ? '已收藏' : '收藏'}
              </button>
              <button type="button" className="ach-action" onClick={copyLink}>
                <ShareAltOutlined /> 复制分享链接
              </button>
            </div>
          </div>
          {item.qrCodeUrl && (
            <figure className="ach-qr">
              <img src={item.qrCodeUrl} alt={`${item.applyName}的二维码`} width={120} height={120} />
              <figcaption>扫码访问</figcaption>
            </figure>
          )}
        </div>

        <section aria-labelledby="ach-intro">
          <h2 id="ach-intro">应用介绍</h2>
          <p>{item.applyIntroduce}</p>
        </section>

        {item.screenshotUrls.length > 0 && (
          <section aria-labelledby="ach-shots">
            <h2 id="ach-shots">应用截图</h2>
            <div className="ach-shots">
              {item.screenshotUrls.map((src, i) => (
                <img key={src} src={src} alt={`截图 ${i + 1}`} loading="lazy" />
              ))}
            </div>
          </section>
        )}

        <section aria-labelledby="ach-data">
          <h2 id="ach-data">关联数据集（{item.datasets.length}）</h2>
          <ul className="ach-datasets">
            {item.datasets.map((d) => (
              <li key={d.id}>
                <Link to={catalogueDetail(d.id)}>{d.catalogName}</Link> <small>{d.departName}</small>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ach-rate">
          <h2 id="ach-rate">评论打分</h2>
          <fieldset className="ach-stars" aria-label="评分（1 到 5 星）" style={{ border: 0, padding: 0 }}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                aria-label={`${n} 星`}
                aria-pressed={(item.myScore ?? 0) >= n}
                onClick={() => (token ? rate.mutate(n) : needSignIn())}
              >
                {(item.myScore ?? 0) >= n ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
              </button>
            ))}
          </fieldset>
          <p>
            {token
              ? item.myScore
                ? `您的评分：${item.myScore} 星（可修改）`
                : '点击星星为该成果评分'
              : '登录后可评分'}
          </p>
        </section>
      </article>
    </div>
  );
}
