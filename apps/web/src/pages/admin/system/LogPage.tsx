import { DownloadOutlined } from '@ant-design/icons';
import { LOG_TYPE, LOG_TYPE_LABEL, type LogFilters, type LogItem, Perm } from '@odp/contracts';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { exportLogs, listLogs, logKeys } from '@/api/system/log';
import { saveBlob } from '@/api/transfer';
import { defineResourceView, type ListParams, ResourcePage, useCan } from '@/components/ResourcePage';

const TABS = [
  { key: String(LOG_TYPE.login), label: LOG_TYPE_LABEL[LOG_TYPE.login] },
  { key: String(LOG_TYPE.operation), label: LOG_TYPE_LABEL[LOG_TYPE.operation] },
];

const OUTCOMES = { success: { text: '成功', status: 'Success' }, failure: { text: '失败', status: 'Error' } };

type LogType = LogFilters['logType'];

function logView(logType: LogType) {
  const isOperation = logType === LOG_TYPE.operation;
  return defineResourceView<LogItem>({
    title: LOG_TYPE_LABEL[logType],
    noun: '日志',
    rowKey: 'id',
    queryKeys: logKeys,
    api: { list: (params) => listLogs({ ...params, logType }) },
    pageSize: 20,
    columns: [
      { title: '日志内容', dataIndex: 'logContent', ellipsis: true, width: 260 },
      {
        title: '用户',
        dataIndex: 'username',
        searchable: true,
        sorter: true,
        width: 140,
        render: (_dom, log) => (log.realname ? `${log.realname}（${log.username ?? '-'}）` : log.username || '-'),
      },
      { title: '关键字', dataIndex: 'keyWord', hideInTable: true, searchable: true },
      { title: 'IP 地址', dataIndex: 'ip', sorter: true, width: 130 },
      {
        title: '操作类型',
        dataIndex: 'operateType',
        hideInTable: !isOperation,
        searchable: isOperation,
        width: 120,
      },
      { title: '操作对象', dataIndex: 'target', ellipsis: true, defaultHidden: true, width: 160 },
      {
        title: '请求',
        dataIndex: 'request',
        ellipsis: true,
        defaultHidden: true,
        hideInTable: !isOperation,
        width: 220,
      },
      { title: '结果', dataIndex: 'outcome', valueEnum: OUTCOMES, searchable: true, width: 80 },
      {
        title: '耗时（毫秒）',
        dataIndex: 'costTime',
        sorter: true,
        width: 110,
        render: (_dom, log) => log.costTime ?? '-',
      },
      { title: '时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
      {
        title: '时间范围',
        dataIndex: 'timeRange',
        valueType: 'dateTimeRange',
        hideInTable: true,
        searchable: true,
        search: {
          transform: (value: [string, string]) => ({ createTime_begin: value[0], createTime_end: value[1] }),
        },
      },
    ],
  });
}

/** The current list's filters without its paging: what the export sends. */
function exportFilters({ pageNo: _pageNo, pageSize: _pageSize, ...filters }: ListParams, logType: LogType) {
  return { ...filters, logType };
}

/** 日志管理 (/system/Log): sign-in and operation logs, read-only, with an .xlsx export of the current filters. */
export default function LogPage() {
  const { message } = feedback;
  const can = useCan();
  const [tab, setTab] = useState(String(LOG_TYPE.login));
  const [exporting, setExporting] = useState(false);
  const logType: LogType = tab === String(LOG_TYPE.operation) ? LOG_TYPE.operation : LOG_TYPE.login;
  const view = useMemo(() => logView(logType), [logType]);

  const download = async (params: ListParams) => {
    setExporting(true);
    try {
      saveBlob(await exportLogs(exportFilters(params, logType)), `${LOG_TYPE_LABEL[logType]}.xlsx`);
      message.success('导出成功');
    } catch {
      // The request layer has already shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <ResourcePage
      key={tab}
      view={view}
      tabs={{ activeKey: tab, items: TABS, onChange: setTab }}
      toolbar={(params) =>
        can(Perm.logList)
          ? [
              <Button
                key="export"
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void download(params)}
              >
                导出
              </Button>,
            ]
          : []
      }
    />
  );
}
