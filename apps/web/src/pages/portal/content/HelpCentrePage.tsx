import { FAQ_CATEGORIES } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { contentKeys, publicFaqs } from '@/api/content';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { DocumentList } from './DocumentList';
import { SideMenu } from './SideMenu';
import './content.css';

type Tab = 'faq' | 'manual';
const TABS: { key: Tab; label: string }[] = [
  { key: 'faq', label: '常见问题' },
  { key: 'manual', label: '操作手册' },
];

function FaqPanel() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const keyword = params.get('keyword') ?? undefined;
  const faqs = useQuery({
    queryKey: contentKeys.faqs({ category, keyword }),
    queryFn: () => publicFaqs({ category, keyword }),
    placeholderData: keepPreviousData,
  });
  const set = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) v ? next.set(k, v) : next.delete(k);
    setParams(next, { replace: true });
  };
  let body: React.ReactNode;
  if (faqs.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (faqs.isError && !faqs.data) body = <ErrorState onRetry={() => faqs.refetch()} />;
  else if (!faqs.data?.length) body = <EmptyState description="暂无相关问题" />;
  else
    body = (
      <div className="faq-list">
        {faqs.data.map((f, i) => (
          <details key={f.id} open={i === 0}>
            <summary>
              <span aria-hidden="true">Q</span>
              {f.question}
            </summary>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises answers with an allowlist on save */}
            <div className="content-rich" dangerouslySetInnerHTML={{ __html: f.answer }} />
          </details>
        ))}
      </div>
    );
  return (
    <>
      <SearchInput
        className="content-search"
        value={keyword}
        onSearch={(value) => set({ keyword: value.trim() || undefined })}
        placeholder="请输入问题关键字"
        buttonText="搜索"
        label="搜索常见问题"
      />
      <fieldset className="faq-categories" aria-label="问题分类">
        <button type="button" aria-pressed={!category} onClick={() => set({ category: undefined })}>
          全部
        </button>
        {FAQ_CATEGORIES.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-pressed={category === c.value}
            onClick={() => set({ category: category === c.value ? undefined : c.value })}
          >
            {c.text}
          </button>
        ))}
      </fieldset>
      {body}
    </>
  );
}

/** 帮助中心 (`/helpCenter/problemManual`): 常见问题 by category, and the 操作手册 documents (帮助文档). */
export default function HelpCentrePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'manual' ? 'manual' : 'faq';
  const label = TABS.find((t) => t.key === tab)?.label ?? '';
  return (
    <div className="portal-section content-page">
      <h1 className="sr-only">帮助中心</h1>
      <SideMenu
        title="帮助中心"
        items={TABS}
        active={tab}
        onChange={(key) => setParams(key === 'faq' ? {} : { tab: key })}
      />
      <section className="content-body" aria-label={label}>
        <h2>{label}</h2>
        {tab === 'faq' ? <FaqPanel /> : <DocumentList type="1" label="操作手册" />}
      </section>
    </div>
  );
}
