import { type CatalogueLogItem, CataloguePerm } from '@odp/contracts';
import { Select, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { catalogueKeys, listCatalogueLogs } from '@/api/catalogue';
import { actionLabel, LOG_ACTION_OPTIONS, statusChanges } from '@/components/catalogue/log-format';
import { defineResourceView, ResourcePage, useCan } from '@/components/ResourcePage';
import { DepartTreeSelect } from '@/pages/admin/system/DepartTreeSelect';
import { entryPath } from './paths';

const LOGS_PATH = '/cataloguemanage/logs';

const ACTION_COLORS: Record<string, string> = {
  submit: 'processing',
  approve: 'success',
  upShelfApprove: 'success',
  offShelfApprove: 'warning',
  reject: 'error',
  upShelfReject: 'error',
  offShelfReject: 'error',
  delete: 'error',
};

/** 编目日志 (/cataloguemanage/logs): every change of every entry in the user's scope. */
export default function CatalogueLogPage() {
  const can = useCan();
  const seesAllDepartments = can(CataloguePerm.review);

  const view = useMemo(
    () =>
      defineResourceView<CatalogueLogItem>({
        title: '编目日志',
        noun: '日志',
        rowKey: 'id',
        queryKeys: { all: catalogueKeys.all, list: catalogueKeys.logs },
        api: { list: listCatalogueLogs },
        pageSize: 20,
        columns: [
          { title: '目录名称', dataIndex: 'catalogName', hideInTable: true, searchable: true },
          { title: '时间', dataIndex: 'createTime', valueType: 'dateTime', width: 150 },
          {
            title: '目录',
            key: 'catalogue',
            width: 220,
            render: (_dom, log) => (
              <Space direction="vertical" size={0}>
                <Link to={entryPath('view', log.catalogId)} state={{ back: LOGS_PATH }}>
                  {log.catalogName}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {log.catalogCode}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: '操作',
            dataIndex: 'action',
            searchable: true,
            width: 110,
            render: (_dom, log) => <Tag color={ACTION_COLORS[log.action]}>{actionLabel(log)}</Tag>,
            renderFormItem: () => <Select placeholder="请选择" allowClear options={LOG_ACTION_OPTIONS} />,
          },
          {
            title: '状态变化',
            key: 'change',
            width: 180,
            render: (_dom, log) => {
              const changes = statusChanges(log);
              return changes.length ? changes.map((text) => <div key={text}>{text}</div>) : '-';
            },
          },
          {
            title: '意见',
            dataIndex: 'comment',
            ellipsis: true,
            width: 160,
            render: (_dom, log) => log.comment || '-',
          },
          {
            title: '操作人',
            dataIndex: 'operator',
            searchable: true,
            width: 90,
            render: (_dom, log) => log.realname || log.username || '-',
          },
          {
            title: '部门',
            dataIndex: 'departName',
            ellipsis: true,
            width: 130,
            render: (_dom, log) => log.departName || '-',
          },
          {
            title: '数源单位',
            dataIndex: 'orgCode',
            hideInTable: true,
            searchable: seesAllDepartments,
            renderFormItem: () => <DepartTreeSelect valueField="orgCode" />,
          },
          {
            title: '时间范围',
            dataIndex: 'timeRange',
            valueType: 'dateRange',
            hideInTable: true,
            searchable: true,
            search: {
              transform: (value: [string, string]) => ({ startTime: value[0], endTime: value[1] }),
            },
          },
        ],
      }),
    [seesAllDepartments],
  );

  return <ResourcePage view={view} />;
}
