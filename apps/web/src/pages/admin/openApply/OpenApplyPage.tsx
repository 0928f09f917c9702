import type { OpenApplyItem, OverdueReportItem, Page } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Select, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { listOpenAppliesForStaff, listOverdueReports, openApplyAdminKeys } from '@/api/open-apply-admin';
import { defineResourceView, type ListParams, ResourcePage } from '@/components/ResourcePage';
import { formatTime, reportLastDay, STATUS_COLOR, STATUS_OPTIONS } from './format';
import { OpenApplyActions } from './OpenApplyActions';
import { OpenApplyDetailDrawer } from './OpenApplyDetailDrawer';

type Tab = 'applications' | 'overdue';

const TABS: { key: Tab; label: string }[] = [
  { key: 'applications', label: '开放申请' },
  { key: 'overdue', label: '逾期报告' },
];

/** A list call that tells the page when it failed (the calls are silent: the page says it above the table). */
const reporting =
  <T,>(list: (params: ListParams) => Promise<Page<T>>, report: (failure: string | null) => void) =>
  (params: ListParams) =>
    list(params).then(
      (page) => {
        report(null);
        return page;
      },
      (error: unknown) => {
        report(error instanceof Error ? error.message : '加载失败，请稍后再试');
        throw error;
      },
    );

function applicationsView(openDetail: (id: string) => void, report: (failure: string | null) => void) {
  return defineResourceView<OpenApplyItem>({
    title: '开放申请',
    noun: '开放申请',
    rowKey: 'id',
    queryKeys: openApplyAdminKeys.list,
    api: { list: reporting((params) => listOpenAppliesForStaff(params), report) },
    // Fits a 1440 px screen beside the menu without passing under the fixed 操作 column.
    actionWidth: 130,
    columns: [
      {
        title: '编号',
        dataIndex: 'code',
        width: 145,
        fixed: 'left',
        render: (_d, item) => (
          <Typography.Link onClick={() => openDetail(item.id)} title="查看申请详情">
            {item.code}
          </Typography.Link>
        ),
      },
      { title: '数据集', dataIndex: 'catalogName', searchable: true, order: 2, width: 150, ellipsis: true },
      {
        title: '申请人',
        dataIndex: 'applicantName',
        searchable: true,
        order: 1,
        width: 90,
        ellipsis: true,
        render: (_d, item) => item.applicantName || '-',
      },
      {
        title: '申请用途',
        dataIndex: 'purpose',
        width: 160,
        render: (_d, item) => (
          <Tooltip title={item.purpose} placement="topLeft">
            <Typography.Text ellipsis style={{ maxWidth: 144 }}>
              {item.purpose}
            </Typography.Text>
          </Tooltip>
        ),
      },
      {
        title: '申请期限',
        key: 'period',
        width: 140,
        render: (_d, item) => (
          <>
            <div>{item.startDate} 至</div>
            <div>{item.endDate}</div>
            {item.grantedEndDate && item.grantedEndDate !== item.endDate && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                授权至 {item.grantedEndDate}
              </Typography.Text>
            )}
          </>
        ),
      },
      {
        title: '状态',
        dataIndex: 'status',
        searchable: true,
        // The status filter comes first in the search form.
        order: 3,
        width: 140,
        render: (_d, item) => (
          <>
            <Tag color={STATUS_COLOR[item.status]}>{item.statusLabel}</Tag>
            {item.reportOverdue && <Tag color="error">报告逾期</Tag>}
          </>
        ),
        renderFormItem: () => <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />,
      },
      {
        title: '提交时间',
        dataIndex: 'submittedAt',
        width: 110,
        render: (_d, item) => {
          const [day, time] = formatTime(item.submittedAt ?? item.createdAt).split(' ');
          return (
            <>
              <div>{day}</div>
              {time && <Typography.Text type="secondary">{time}</Typography.Text>}
            </>
          );
        },
      },
    ],
    rowActions: [
      {
        key: 'detail',
        render: (item) => <Typography.Link onClick={() => openDetail(item.id)}>详情</Typography.Link>,
      },
      { key: 'actions', render: (item, done) => <OpenApplyActions item={item} onDone={() => void done()} /> },
    ],
  });
}

function overdueView(openDetail: (id: string) => void, report: (failure: string | null) => void) {
  return defineResourceView<OverdueReportItem>({
    title: '逾期报告',
    noun: '逾期报告',
    rowKey: 'id',
    queryKeys: openApplyAdminKeys.overdue,
    api: { list: reporting((params) => listOverdueReports(params), report) },
    actionWidth: 90,
    columns: [
      {
        title: '申请编号',
        dataIndex: 'code',
        width: 150,
        fixed: 'left',
        render: (_d, row) => (
          <Typography.Link onClick={() => openDetail(row.applyId)} title="查看申请详情">
            {row.code}
          </Typography.Link>
        ),
      },
      { title: '数据集', dataIndex: 'catalogName', searchable: true, width: 200, ellipsis: true },
      {
        title: '申请人',
        dataIndex: 'applicantName',
        width: 110,
        ellipsis: true,
        render: (_d, row) => row.applicantName || '-',
      },
      { title: '应交日期', dataIndex: 'dueAt', width: 110, render: (_d, row) => reportLastDay(row.dueAt) },
      {
        title: '逾期天数',
        dataIndex: 'daysOverdue',
        width: 100,
        align: 'right',
        render: (_d, row) => <Typography.Text type="danger">{row.daysOverdue} 天</Typography.Text>,
      },
      {
        title: '申请状态',
        dataIndex: 'applyStatus',
        width: 130,
        render: (_d, row) => <Tag color={STATUS_COLOR[row.applyStatus]}>{row.applyStatusLabel}</Tag>,
      },
    ],
    rowActions: [
      {
        key: 'detail',
        render: (row) => <Typography.Link onClick={() => openDetail(row.applyId)}>查看申请</Typography.Link>,
      },
    ],
  });
}

/**
 * 开放申请 (/openApply): the applications for the department's datasets (the bureau's reviewers: all),
 * with their detail, 审核 and 撤销授权 where the row allows them; and the usage reports past due.
 */
export default function OpenApplyPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('applications');
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // setState functions never change: each view is declared once.
  const applications = useMemo(() => applicationsView(setDetailOf, setFailure), []);
  const overdue = useMemo(() => overdueView(setDetailOf, setFailure), []);
  const keys = tab === 'overdue' ? openApplyAdminKeys.overdue : openApplyAdminKeys.list;

  const changeTab = (key: string) => {
    setFailure(null);
    setTab(key === 'overdue' ? 'overdue' : 'applications');
  };
  const tabs = { activeKey: tab, items: TABS, onChange: changeTab };

  return (
    <>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          message={tab === 'overdue' ? '逾期报告加载失败' : '开放申请列表加载失败'}
          description={failure}
          action={
            <Button size="small" onClick={() => void queryClient.invalidateQueries({ queryKey: keys.all })}>
              重试
            </Button>
          }
        />
      )}
      {tab === 'overdue' ? (
        <ResourcePage key="overdue" view={overdue} tabs={tabs} />
      ) : (
        <ResourcePage key="applications" view={applications} tabs={tabs} />
      )}
      <OpenApplyDetailDrawer applyId={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}
