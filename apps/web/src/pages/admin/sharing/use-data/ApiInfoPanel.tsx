import type { ShareApiParameter } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Table, Typography } from 'antd';
import { getShareApiInfo, shareKeys } from '@/api/share';
import { useDescriptionLayout } from '../layout';

const requiredText = (value: boolean) => (value ? '是' : '否');

function ParameterTable({ title, rows }: { title: string; rows: ShareApiParameter[] | undefined }) {
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      <Table<ShareApiParameter>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={rows ?? []}
        scroll={{ x: 680 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" /> }}
        columns={[
          { title: '参数名称', dataIndex: 'name', width: 140 },
          { title: '是否必填', dataIndex: 'required', width: 90, render: requiredText },
          { title: '类型', dataIndex: 'parameterType', width: 100, render: (v: string | null) => v || '-' },
          { title: '默认值', dataIndex: 'defaultValue', width: 100, render: (v: string | null) => v || '-' },
          { title: '描述', dataIndex: 'description', render: (v: string | null) => v || '-' },
          { title: '参数位置', dataIndex: 'position', width: 90, render: (v: string | null) => v || '-' },
        ]}
      />
    </Card>
  );
}

function Example({ title, text }: { title: string; text: string | null | undefined }) {
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }}>
      {text ? (
        <Typography.Paragraph copyable={{ text }} style={{ marginBottom: 0 }}>
          <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {text}
          </pre>
        </Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">无</Typography.Text>
      )}
    </Card>
  );
}

/** 接口信息: where and how the granted interface is called. */
export function ApiInfoPanel({ applyId }: { applyId: string }) {
  const info = useQuery({ queryKey: shareKeys.apiInfo(applyId), queryFn: () => getShareApiInfo(applyId) });
  const descriptionLayout = useDescriptionLayout();
  if (info.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (info.isError || !info.data) {
    return (
      <Alert
        type="error"
        showIcon
        message="接口信息加载失败"
        description={(info.error as Error | null)?.message}
        action={<Button onClick={() => info.refetch()}>重试</Button>}
      />
    );
  }
  const api = info.data;
  return (
    <div>
      <Descriptions
        {...descriptionLayout}
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          {
            key: 'address',
            label: '接口地址',
            span: 2,
            children: (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {api.apiAddress}
              </Typography.Text>
            ),
          },
          { key: 'type', label: '请求数据类型', children: api.requestType || '-' },
          { key: 'method', label: '请求方法', children: api.requestMethod || '-' },
        ]}
      />
      <ParameterTable title="请求参数" rows={api.requestParams} />
      <ParameterTable title="返回参数" rows={api.responseParams} />
      <Example title="请求示例" text={api.requestExample} />
      <Example title="返回示例" text={api.responseExample} />
    </div>
  );
}
