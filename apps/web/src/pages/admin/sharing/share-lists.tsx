import {
  SHARE_RELEASE_REASON_LABEL,
  SHARE_STATUS_LABEL,
  type ShareListItem,
  ShareQueryType,
  type ShareReleaseReason,
} from '@odp/contracts';
import { Select, Tag, Tooltip, Typography } from 'antd';
import type { ResourceColumn } from '@/components/ResourcePage';
import { DepartTreeSelect } from '@/pages/admin/system/DepartTreeSelect';
import { formatDate, periodText, STATUS_COLORS } from './format';
import { defineShareList, type ShareListContext } from './ShareListPage';

type Column = ResourceColumn<ShareListItem>;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const RELEASE_COLORS: Record<ShareReleaseReason, string> = { '1': 'default', '2': 'blue', '3': 'orange', '4': 'red' };

/** The columns and filters the lists are made of (next-capabilities §12). */
const col = {
  title: ({ openDetail }: ShareListContext): Column => ({
    title: '申请标题',
    dataIndex: 'applyTitle',
    searchable: true,
    width: 200,
    fixed: 'left',
    render: (_d, share) => (
      <Tooltip title={share.applyTitle} placement="topLeft">
        <Typography.Link ellipsis onClick={() => openDetail(share)} style={{ maxWidth: 180 }}>
          {share.applyTitle}
        </Typography.Link>
      </Tooltip>
    ),
  }),
  appSystem: {
    title: '使用应用系统',
    dataIndex: 'useAppSystem',
    searchable: true,
    width: 140,
    ellipsis: true,
    render: (_d, share) => share.useAppSystem || '-',
  } satisfies Column,
  catalog: {
    title: '数据目录',
    dataIndex: 'catalogName',
    searchable: true,
    width: 180,
    ellipsis: true,
  } satisfies Column,
  sourceDept: {
    title: '数源部门',
    dataIndex: 'sourceDeptName',
    width: 140,
    ellipsis: true,
    render: (_d, share) => share.sourceDeptName || '-',
  } satisfies Column,
  applyDept: {
    title: '申请部门',
    dataIndex: 'applyDeptName',
    width: 140,
    ellipsis: true,
    render: (_d, share) => share.applyDeptName || '-',
  } satisfies Column,
  /** The applying department (the bureau sees every department's; a department its own and those for its data). */
  deptFilter: (title: string): Column => ({
    title,
    dataIndex: 'applyDept',
    hideInTable: true,
    searchable: true,
    renderFormItem: () => <DepartTreeSelect valueField="orgCode" />,
  }),
  shareType: {
    title: '数据类型',
    dataIndex: 'shareType',
    dict: 'data_format',
    searchable: true,
    width: 90,
  } satisfies Column,
  status: {
    title: '状态',
    dataIndex: 'myDataStatus',
    searchable: true,
    width: 120,
    render: (_d, share) => <Tag color={STATUS_COLORS[share.status]}>{share.statusLabel}</Tag>,
    renderFormItem: () => <Select placeholder="请选择" allowClear options={options(SHARE_STATUS_LABEL)} />,
  } satisfies Column,
  dateRange: (title: string): Column => ({
    title,
    dataIndex: 'dateRange',
    valueType: 'dateRange',
    hideInTable: true,
    searchable: true,
    search: { transform: (value: [string, string]) => ({ startDate: value[0], endDate: value[1] }) },
  }),
  launchDate: {
    title: '发起时间',
    dataIndex: 'launchDate',
    width: 110,
    render: (_d, share) => formatDate(share.launchDate),
  } satisfies Column,
  /** 数据开通时间: a click shows how the application was approved. */
  openDate: ({ openDetail }: ShareListContext): Column => ({
    title: '数据开通时间',
    dataIndex: 'openDate',
    width: 120,
    render: (_d, share) =>
      share.openDate ? (
        <Typography.Link title="查看审批记录" onClick={() => openDetail(share)}>
          {formatDate(share.openDate)}
        </Typography.Link>
      ) : (
        '-'
      ),
  }),
  period: {
    title: '使用期限',
    key: 'period',
    width: 200,
    render: (_d, share) => periodText(share.startTime, share.endTime, share.ifForever),
  } satisfies Column,
  totalNumber: {
    title: '数据共享量/被调用次数',
    dataIndex: 'totalNumber',
    width: 170,
    align: 'right',
    sorter: true,
    render: (_d, share) => share.totalNumber.toLocaleString('zh-CN'),
  } satisfies Column,
  shareOffDate: {
    title: '数据释放时间',
    dataIndex: 'shareOffDate',
    width: 120,
    render: (_d, share) => formatDate(share.shareOffDate),
  } satisfies Column,
  shareOffStatus: {
    title: '释放原因',
    dataIndex: 'shareOffStatus',
    searchable: true,
    width: 100,
    render: (_d, share) =>
      share.shareOffStatus ? (
        <Tag color={RELEASE_COLORS[share.shareOffStatus]}>{SHARE_RELEASE_REASON_LABEL[share.shareOffStatus]}</Tag>
      ) : (
        '-'
      ),
    renderFormItem: () => <Select placeholder="请选择" allowClear options={options(SHARE_RELEASE_REASON_LABEL)} />,
  } satisfies Column,
  message: {
    title: '驳回理由',
    dataIndex: 'message',
    width: 200,
    ellipsis: true,
    render: (_d, share) => share.message || '-',
  } satisfies Column,
  rejectDate: {
    title: '驳回时间',
    dataIndex: 'rejectDate',
    width: 110,
    render: (_d, share) => formatDate(share.rejectDate),
  } satisfies Column,
};

/** 我的数据 (/datasharing/releaseing): the data the department obtained, in use or released, and its drafts. */
export const MY_DATA = defineShareList({
  queryType: ShareQueryType.mine,
  title: '我的数据',
  columns: (ctx) => [
    col.title(ctx),
    col.catalog,
    // The department's own applications: its name is the same on every row (the bureau shows it).
    { ...col.applyDept, defaultHidden: true },
    col.deptFilter('申请部门'),
    col.appSystem,
    col.shareType,
    col.status,
    col.launchDate,
    col.openDate(ctx),
    col.period,
    col.totalNumber,
    col.dateRange('数据开通时间'),
  ],
  buttons: ['edit', 'useData', 'records', 'changeSystem'],
  actionWidth: 280,
});

/** 审批中 (/datasharing/examine): the department's applications under review, and those waiting on it. */
export const IN_REVIEW = defineShareList({
  queryType: ShareQueryType.inReview,
  title: '审批中',
  columns: (ctx) => [
    col.title(ctx),
    col.appSystem,
    col.catalog,
    col.sourceDept,
    col.applyDept,
    col.deptFilter('申请部门'),
    col.shareType,
    { ...col.status, searchable: false },
    col.launchDate,
    col.dateRange('数据发起时间'),
  ],
  // The data's department and the bureau decide here what waits on them; the applicant may 撤回 what
  // its data's department has not decided yet.
  buttons: ['review', 'recall'],
  actionWidth: 110,
});

/** 正在使用 (/datasharing/useing): granted applications, with 释放数据, 使用数据 and 使用记录. */
export const IN_USE = defineShareList({
  queryType: ShareQueryType.inUse,
  title: '正在使用',
  columns: (ctx) => [
    col.title(ctx),
    col.appSystem,
    col.catalog,
    col.sourceDept,
    col.applyDept,
    col.deptFilter('申请部门'),
    col.shareType,
    col.launchDate,
    col.totalNumber,
    col.openDate(ctx),
    col.period,
    col.dateRange('数据开通时间'),
  ],
  buttons: ['useData', 'records', 'release'],
  actionWidth: 220,
});

/** 已释放 (/datasharing/releasedlist): ended grants and why they ended. */
export const RELEASED = defineShareList({
  queryType: ShareQueryType.released,
  title: '已释放',
  columns: (ctx) => [
    col.title(ctx),
    col.appSystem,
    col.catalog,
    col.sourceDept,
    col.applyDept,
    col.deptFilter('申请部门'),
    col.shareType,
    col.launchDate,
    col.openDate(ctx),
    col.shareOffDate,
    col.shareOffStatus,
    col.dateRange('数据释放时间'),
  ],
  buttons: ['records'],
  actionWidth: 90,
});

/** 驳回记录 (/datasharing/rejected): rejected applications, edited and resubmitted from here. */
export const REJECTED = defineShareList({
  queryType: ShareQueryType.rejected,
  title: '共享驳回记录',
  columns: (ctx) => [
    col.title(ctx),
    col.catalog,
    col.appSystem,
    col.message,
    col.sourceDept,
    col.applyDept,
    col.deptFilter('申请部门'),
    col.shareType,
    col.rejectDate,
    col.dateRange('驳回日期'),
  ],
  buttons: ['edit'],
  actionWidth: 80,
});
