import { INFORMATION_TYPE_LABEL } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { contentKeys, informationDetail, publicNotice } from '@/api/content';
import { formatDate } from '@/components/portal/format';
import { EmptyState } from '@/components/portal/StateViews';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import './content.css';

type Shown = {
  title: string;
  body: string;
  meta: [string, string][];
  attachments: { id: string; fileName: string; url: string }[];
};

/**
 * 资讯详情 (`/openPlatform/JournalismDet`): a news or policy item by `id` (each visit counts), or a public
 * announcement by `notice`. The body is the server's sanitised rich text.
 */
export default function InformationDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const notice = params.get('notice');
  const item = useQuery({
    queryKey: id ? contentKeys.detail(id) : contentKeys.notice(notice ?? ''),
    enabled: Boolean(id || notice),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async (): Promise<Shown> => {
      if (id) {
        const d = await informationDetail(id);
        return {
          title: d.title,
          body: d.body,
          meta: [
            ['栏目', INFORMATION_TYPE_LABEL[d.type] ?? ''],
            ['发布时间', formatDate(d.releaseTime)],
            ['信息来源', d.deptName ?? '滨江市大数据管理局'],
            ['访问量', String(d.viewNum)],
          ],
          attachments: d.attachments,
        };
      }
      const n = await publicNotice(notice ?? '');
      return {
        title: n.title,
        body: n.body,
        meta: [
          ['栏目', '公告通知'],
          ['发布时间', formatDate(n.releaseTime)],
          ['信息来源', n.sender ?? '滨江市大数据管理局'],
        ],
        attachments: [],
      };
    },
  });
  useDocumentTitle(item.data?.title ?? '资讯详情');

  if (item.isLoading)
    return (
      <article className="portal-section content-article">
        <h1>资讯详情</h1>
        <Skeleton active paragraph={{ rows: 8 }} />
      </article>
    );
  if (!item.data)
    return (
      <article className="portal-section content-article">
        <h1>资讯详情</h1>
        <EmptyState description="该资讯不存在或已撤回" />
      </article>
    );
  const d = item.data;
  return (
    <article className="portal-section content-article">
      <h1>{d.title}</h1>
      <div className="content-meta">
        {d.meta.map(([k, v]) => (
          <span key={k}>
            {k}：{v}
          </span>
        ))}
      </div>
      {/* Sanitised by the server when it was saved (platform/sanitize). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is allowlisted on save */}
      <div className="content-rich" dangerouslySetInnerHTML={{ __html: d.body }} />
      {d.attachments.length > 0 && (
        <section className="content-attachments" aria-label="附件">
          <strong>附件</strong>
          <ul>
            {d.attachments.map((a) => (
              <li key={a.id}>
                <a href={a.url} download={a.fileName}>
                  {a.fileName}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
