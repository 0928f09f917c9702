import { SHARE_MASK_NOTE, type ShareUseInfo } from '@odp/contracts';
import { Alert, Empty, Table, Typography } from 'antd';

/** The row's place, kept apart from the data's own columns. */
const ROW_KEY = '__preview_row';

/** Masked values arrive as `*` (or a run of them). */
const isMasked = (value: unknown) => typeof value === 'string' && /^\*+$/.test(value);

function Cell({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '')
    return <Typography.Text type="secondary">-</Typography.Text>;
  if (isMasked(value)) return <Typography.Text type="secondary">{String(value)}</Typography.Text>;
  return <>{String(value)}</>;
}

/** 数据预览: the first rows of the granted items, masked items shown as `*`. */
export function PreviewPanel({ info }: { info: ShareUseInfo }) {
  const columns = info.titleList.map((title) => ({
    title: title.title,
    dataIndex: title.code,
    key: title.code,
    width: Math.min(240, Math.max(100, title.title.length * 16 + 32)),
    ellipsis: true,
    render: (value: unknown) => <Cell value={value} />,
  }));
  const width = columns.reduce((sum, c) => sum + c.width, 60);
  return (
    <div>
      <Alert type="info" showIcon message={info.maskNote ?? SHARE_MASK_NOTE} style={{ marginBottom: 12 }} />
      <Table<Record<string, unknown>>
        size="small"
        bordered
        rowKey={ROW_KEY}
        dataSource={info.tableList.map((row, i) => ({ ...row, [ROW_KEY]: i }))}
        columns={[{ title: '序号', key: 'index', width: 60, fixed: 'left', render: (_v, _r, i) => i + 1 }, ...columns]}
        scroll={{ x: width }}
        pagination={{
          pageSize: 10,
          hideOnSinglePage: true,
          showTotal: (shown) => `共 ${info.total.toLocaleString('zh-CN')} 行，预览前 ${shown} 行`,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可预览的数据" /> }}
      />
    </div>
  );
}
