import type { BatchResult } from '@odp/contracts';
import { Alert, Space, Table, Tag } from 'antd';
import type { FeedbackCalls } from '@/api/feedback';

type ModalApi = FeedbackCalls['modal'];

type Row = { id: string; name: string; ok: boolean; reason: string };

type TableProps = {
  result: BatchResult;
  nameOf: (id: string) => string;
  /** What a record is called, e.g. 目录: the header of the name column. */
  noun: string;
};

/** The per-record outcome of a batch: which went through, which were refused and why. */
export function BatchResultTable({ result, nameOf, noun }: TableProps) {
  const rows: Row[] = [
    ...result.refused.map(({ id, reason }) => ({ id, name: nameOf(id), ok: false, reason })),
    ...result.succeeded.map((id) => ({ id, name: nameOf(id), ok: true, reason: '' })),
  ];
  const refused = result.refused.length;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type={refused === 0 ? 'success' : result.succeeded.length === 0 ? 'error' : 'warning'}
        showIcon
        message={`成功 ${result.succeeded.length} 条${refused ? `，未执行 ${refused} 条` : ''}`}
      />
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
        dataSource={rows}
        columns={[
          { title: noun, dataIndex: 'name', ellipsis: true },
          {
            title: '结果',
            dataIndex: 'ok',
            width: 80,
            render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">未执行</Tag>),
          },
          { title: '原因', dataIndex: 'reason', render: (reason: string) => reason || '-' },
        ]}
      />
    </Space>
  );
}

/** Shows the outcome of a batch in a dialog titled `<title>结果`, coloured by how much went through. */
export function showBatchResult(modal: ModalApi, title: string, props: TableProps) {
  const { result } = props;
  const show =
    result.refused.length === 0 ? modal.success : result.succeeded.length === 0 ? modal.error : modal.warning;
  show({
    title: `${title}结果`,
    width: 640,
    okText: '知道了',
    content: <BatchResultTable {...props} />,
  });
}
