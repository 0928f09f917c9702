import { PaperClipOutlined } from '@ant-design/icons';
import {
  OPEN_APPLY_STATUS_LABEL,
  type OpenApplyDetail,
  type OpenApplyFile,
  type OpenApplyHistoryItem,
  type OpenApplyStatus,
  type UsageReportItem,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { downloadAttachment, getOpenApplyForStaff, openApplyAdminKeys } from '@/api/open-apply-admin';
import { canReview, canRevoke } from './decision';
import { formatTime, grantedPeriodText, periodText, reasonLabel, reportLastDay, STATUS_COLOR } from './format';
import { OpenApplyActions } from './OpenApplyActions';

const TEXT = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Oldest first: the application's story reads from submission to today. */
export const historyInOrder = (rows: OpenApplyHistoryItem[]) =>
  [...rows].sort((a, b) => dayjs(a.createdAt).valueOf() - dayjs(b.createdAt).valueOf());

const historyColor = (action: string) =>
  /reject|revoke|cancel|withdraw/i.test(action) ? 'red' : /approve|grant/i.test(action) ? 'green' : 'blue';

function History({ rows }: { rows: OpenApplyHistoryItem[] }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无办理记录" />;
  return (
    <Timeline
      items={historyInOrder(rows).map((row, index) => ({
        key: `${row.createdAt}:${row.action}:${index}`,
        color: historyColor(row.action),
        children: (
          <div>
            <Typography.Text strong>{row.actionLabel}</Typography.Text>
            {row.toStatus && row.toStatus !== row.fromStatus && (
              <Typography.Text type="secondary">
                {' → '}
                {OPEN_APPLY_STATUS_LABEL[row.toStatus as OpenApplyStatus] ?? row.toStatus}
              </Typography.Text>
            )}
            <div>
              <Typography.Text type="secondary">
                {[formatTime(row.createdAt), row.departName, row.realname].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
            {row.comment && <div style={TEXT}>意见：{row.comment}</div>}
          </div>
        ),
      }))}
    />
  );
}

/** An uploaded file as a link that downloads it with the session. */
function FileLink({ file, label }: { file: OpenApplyFile; label: string }) {
  const [loading, setLoading] = useState(false);
  if (!file) return <Typography.Text type="secondary">{label}：未上传</Typography.Text>;
  const download = async () => {
    setLoading(true);
    try {
      await downloadAttachment(file);
    } catch {
      // The request client has shown why.
    } finally {
      setLoading(false);
    }
  };
  return (
    <span style={{ wordBreak: 'break-all' }}>
      {label}：
      <Typography.Link onClick={() => void download()} disabled={loading} aria-label={`下载${label} ${file.fileName}`}>
        <PaperClipOutlined /> {file.fileName}
      </Typography.Link>
      <Typography.Text type="secondary">（{formatSize(file.size)}）</Typography.Text>
    </span>
  );
}

function reportState(report: UsageReportItem) {
  if (report.submittedAt) return <Tag color="success">已提交</Tag>;
  if (report.overdue) return <Tag color="error">已逾期</Tag>;
  return <Tag color="warning">待提交</Tag>;
}

function Reports({ reports }: { reports: UsageReportItem[] }) {
  return (
    <Table<UsageReportItem>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={reports}
      scroll={{ x: 640 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无利用情况报告" /> }}
      columns={[
        { title: '应交日期', dataIndex: 'dueAt', width: 110, render: (v: string) => reportLastDay(v) },
        { title: '状态', key: 'state', width: 80, render: (_v, r) => reportState(r) },
        { title: '提交时间', dataIndex: 'submittedAt', width: 140, render: (v: string | null) => formatTime(v) },
        { title: '数据用途', dataIndex: 'usedFor', ellipsis: true, render: (v: string | null) => v || '-' },
        { title: '产生的成果', dataIndex: 'outcome', ellipsis: true, render: (v: string | null) => v || '-' },
      ]}
    />
  );
}

const tags = (names: string[]) => (
  <Space size={[4, 4]} wrap>
    {names.map((name) => (
      <Tag key={name} style={{ marginInlineEnd: 0 }}>
        {name}
      </Tag>
    ))}
  </Space>
);

/** The whole application as the provider department and the bureau read it. */
export function OpenApplyDetailView({ detail }: { detail: OpenApplyDetail }) {
  // On a phone the labels keep to one line and leave the rest to the values.
  const phone = Grid.useBreakpoint().sm === false;
  const reason = reasonLabel(detail);
  const granted = grantedPeriodText(detail);
  const narrowedFields =
    detail.grantedFields !== null &&
    (detail.grantedFields.length !== detail.fields.length ||
      detail.grantedFields.some((f) => !detail.fields.includes(f)));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {reason && (
        <Alert type={detail.status === '4' ? 'error' : 'warning'} showIcon message={`${reason}：${detail.reason}`} />
      )}
      {detail.reportOverdue && <Alert type="error" showIcon message="该申请的利用情况报告已逾期未提交" />}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        styles={
          phone ? { label: { whiteSpace: 'nowrap', padding: '8px 10px' }, content: { padding: '8px 10px' } } : undefined
        }
        items={[
          { key: 'code', label: '申请编号', children: detail.code },
          {
            key: 'status',
            label: '状态',
            children: <Tag color={STATUS_COLOR[detail.status]}>{detail.statusLabel}</Tag>,
          },
          { key: 'catalog', label: '数据集', children: detail.catalogName, span: 2 },
          { key: 'provider', label: '提供部门', children: detail.providerName || '-' },
          { key: 'applicant', label: '申请人', children: detail.applicantName || '-' },
          { key: 'submitted', label: '提交时间', children: formatTime(detail.submittedAt ?? detail.createdAt) },
          { key: 'decided', label: '审核时间', children: formatTime(detail.decidedAt) },
          { key: 'purpose', label: '申请用途', children: <span style={TEXT}>{detail.purpose}</span>, span: 2 },
          { key: 'scenario', label: '应用场景', children: <span style={TEXT}>{detail.scenario}</span>, span: 2 },
          {
            key: 'security',
            label: '安全保障措施',
            children: <span style={TEXT}>{detail.securityMeasures}</span>,
            span: 2,
          },
          {
            key: 'fields',
            label: `申请字段（${detail.fields.length}）`,
            children: tags(detail.fields),
            span: 2,
          },
          ...(detail.grantedFields
            ? [
                {
                  key: 'granted',
                  label: `授权字段（${detail.grantedFields.length}）`,
                  children: narrowedFields ? tags(detail.grantedFields) : '与申请字段相同',
                  span: 2,
                },
              ]
            : []),
          { key: 'period', label: '申请期限', children: periodText(detail) },
          { key: 'grantedPeriod', label: '授权期限', children: granted ?? '-' },
          {
            key: 'quota',
            label: '每日调用上限',
            children: detail.dailyQuota ? `${detail.dailyQuota.toLocaleString('zh-CN')} 次` : '-',
          },
          { key: 'app', label: '调用应用', children: detail.appName || '-' },
          {
            key: 'files',
            label: '申请材料',
            span: 2,
            children: (
              <Space direction="vertical" size={4}>
                <FileLink file={detail.applicationFile} label="申请表" />
                <FileLink file={detail.pledgeFile} label="安全承诺书" />
              </Space>
            ),
          },
          {
            key: 'agreement',
            label: '开放利用协议',
            span: 2,
            children: `已同意 ${detail.agreementVersion} 版（${formatTime(detail.agreementAcceptedAt)}）`,
          },
        ]}
      />
      <Card size="small" title="办理记录">
        <History rows={detail.history} />
      </Card>
      <Card size="small" title="利用情况报告">
        <Reports reports={detail.reports} />
      </Card>
    </Space>
  );
}

/** 开放申请详情: the application, its files, its history and its usage reports, with the actions the caller may take. */
export function OpenApplyDetailDrawer({ applyId, onClose }: { applyId: string | null; onClose: () => void }) {
  const phone = Grid.useBreakpoint().sm === false;
  const detail = useQuery({
    queryKey: openApplyAdminKeys.detail(applyId ?? ''),
    queryFn: () => getOpenApplyForStaff(applyId ?? ''),
    enabled: Boolean(applyId),
  });
  const data = detail.data;
  const actionable = data && (canReview(data.actions) || canRevoke(data.actions));
  return (
    <Drawer
      open={applyId !== null}
      width={phone ? '100%' : 880}
      title={data ? `开放申请：${data.code}` : '开放申请详情'}
      onClose={onClose}
      destroyOnHidden
      closable={{ 'aria-label': '关闭' }}
      footer={
        actionable ? (
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <OpenApplyActions item={data} variant="button" />
          </div>
        ) : null
      }
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 12 }} />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          message="申请详情加载失败"
          description={detail.error instanceof Error ? detail.error.message : undefined}
          action={<Button onClick={() => void detail.refetch()}>重试</Button>}
        />
      )}
      {data && <OpenApplyDetailView detail={data} />}
    </Drawer>
  );
}
