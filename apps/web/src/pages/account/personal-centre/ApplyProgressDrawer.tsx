import type { OpenApplyFile } from '@odp/contracts';
import { OPEN_APPLY_STATUS_LABEL, type OpenApplyStatus } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Skeleton, Timeline } from 'antd';
import dayjs from 'dayjs';
import { ApiError, http } from '@/api/client';
import { getOpenApplyDetail, type OpenApplyHistoryItem, type OpenApplyItem, openApplyKeys } from '@/api/open-apply';
import { saveBlob } from '@/api/transfer';
import { formatDate, formatSize } from '@/components/portal/format';
import { ErrorState } from '@/components/portal/StateViews';
import { useMediaQuery } from '@/components/portal/use-media-query';
import { lastDay, nextStep, reasonLabel, STATUS_COLOR } from './apply-rows';
import { CentreTag } from './CentreTag';

const time = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-');

/** Oldest first: the application's story reads from submission to today. */
export const historyInOrder = (rows: OpenApplyHistoryItem[]) =>
  [...rows].sort((a, b) => dayjs(a.createdAt).valueOf() - dayjs(b.createdAt).valueOf());

function History({ rows }: { rows: OpenApplyHistoryItem[] }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无办理记录" />;
  return (
    <Timeline
      items={historyInOrder(rows).map((row, index) => ({
        key: `${row.createdAt}:${row.action}:${index}`,
        color: /reject|revoke/i.test(row.action) ? 'red' : /approve|grant/i.test(row.action) ? 'green' : 'blue',
        children: (
          <div className="centre-history-item">
            <strong>{row.actionLabel}</strong>
            {row.toStatus && row.toStatus !== row.fromStatus && (
              <span className="centre-history-state">
                → {OPEN_APPLY_STATUS_LABEL[row.toStatus as OpenApplyStatus] ?? row.toStatus}
              </span>
            )}
            <div className="centre-history-meta">
              {time(row.createdAt)}
              {(row.departName || row.realname) && ` · ${row.departName || row.realname}`}
            </div>
            {row.comment && <div className="centre-history-comment">意见：{row.comment}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** An attachment of the application, fetched with the session (it is not public). */
function FileLink({ file, label }: { file: OpenApplyFile; label: string }) {
  if (!file) return <span>{label}：未上传</span>;
  const download = async () =>
    saveBlob(await http.download('/api/attachment/download', { id: file.id }), file.fileName);
  return (
    <span className="centre-file">
      {label}：
      <button type="button" className="centre-link-button" onClick={() => void download()}>
        {file.fileName}
      </button>
      <span className="centre-muted">（{formatSize(file.size)}）</span>
    </span>
  );
}

/** 查看进度: the application as submitted and decided, and every step it went through. */
export function ApplyProgressDrawer({ item, onClose }: { item: OpenApplyItem; onClose: () => void }) {
  const wide = useMediaQuery('(min-width: 768px)');
  const detail = useQuery({ queryKey: openApplyKeys.detail(item.id), queryFn: () => getOpenApplyDetail(item.id) });
  const d = detail.data ?? null;
  const shown = d ?? item;
  return (
    <Drawer
      open
      onClose={onClose}
      width={wide ? 640 : '100%'}
      title={`申请进度：${item.catalogName}`}
      destroyOnHidden
      closable={{ 'aria-label': '关闭' }}
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the progress scrolls in its box and holds nothing focusable, so keyboard users scroll it by focusing it (WCAG 2.1.1). */}
      <section className="centre-progress" tabIndex={0} aria-label="申请进度与申请内容">
        <p className="centre-progress-status">
          <CentreTag color={STATUS_COLOR[shown.status]}>{shown.statusLabel}</CentreTag>
          {nextStep(shown, new Date())}
        </p>
        {reasonLabel(shown) && (
          <Alert
            type={shown.status === '4' ? 'error' : 'warning'}
            showIcon
            message={`${reasonLabel(shown)}：${shown.reason}`}
          />
        )}
        <h3>办理记录</h3>
        {detail.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : detail.isError || !d ? (
          <ErrorState
            message={detail.error instanceof ApiError ? detail.error.message : undefined}
            onRetry={() => detail.refetch()}
          />
        ) : (
          <History rows={d.history ?? []} />
        )}
        <h3>申请内容</h3>
        <Descriptions
          column={1}
          size="small"
          bordered
          // On a phone each label sits above its value: a narrow label column breaks every word.
          layout={wide ? 'horizontal' : 'vertical'}
          styles={wide ? { label: { width: 120, whiteSpace: 'nowrap' } } : undefined}
          items={[
            { key: 'code', label: '申请编号', children: shown.code },
            { key: 'purpose', label: '申请用途', children: shown.purpose },
            { key: 'scenario', label: '应用场景', children: shown.scenario },
            { key: 'fields', label: '申请字段', children: shown.fields.join('、') },
            ...(shown.grantedFields
              ? [{ key: 'granted', label: '授权字段', children: shown.grantedFields.join('、') }]
              : []),
            {
              key: 'period',
              label: '使用期限',
              children: `${formatDate(shown.startDate)} 至 ${formatDate(shown.endDate)}${
                shown.grantedEndDate && shown.grantedEndDate !== shown.endDate
                  ? `（授权至 ${formatDate(shown.grantedEndDate)}）`
                  : ''
              }`,
            },
            ...(d?.securityMeasures ? [{ key: 'security', label: '安全保障措施', children: d.securityMeasures }] : []),
            ...(d
              ? [
                  {
                    key: 'files',
                    label: '申请材料',
                    children: (
                      <div className="centre-files">
                        <FileLink file={d.applicationFile} label="申请表" />
                        <FileLink file={d.pledgeFile} label="安全承诺书" />
                      </div>
                    ),
                  },
                  {
                    key: 'agreement',
                    label: '开放利用协议',
                    children: `已同意版本 ${d.agreementVersion}（${time(d.agreementAcceptedAt)}）`,
                  },
                ]
              : []),
            ...(shown.dailyQuota ? [{ key: 'quota', label: '每日配额', children: `${shown.dailyQuota} 次` }] : []),
            ...(shown.appName ? [{ key: 'app', label: '调用应用', children: shown.appName }] : []),
            { key: 'submitted', label: '提交时间', children: time(shown.submittedAt ?? shown.createdAt) },
            ...(shown.decidedAt ? [{ key: 'decided', label: '审核时间', children: time(shown.decidedAt) }] : []),
          ]}
        />
        {d?.reports && d.reports.length > 0 && (
          <>
            <h3>利用情况报告</h3>
            <ul className="centre-reports">
              {d.reports.map((r) => (
                <li key={r.id}>
                  <span>最迟于 {lastDay(r.dueAt)} 提交</span>
                  {r.submittedAt ? (
                    <CentreTag color="green">已提交 {formatDate(r.submittedAt)}</CentreTag>
                  ) : r.overdue ? (
                    <CentreTag color="red">已逾期</CentreTag>
                  ) : (
                    <CentreTag color="orange">待提交</CentreTag>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </Drawer>
  );
}
