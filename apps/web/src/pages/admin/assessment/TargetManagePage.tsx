import { AssessmentPerm, AssetMessages, INDEX_PAGE_SIZES, INDEX_TYPE_LABEL, type IndexRecord } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Grid, Input, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { assessmentKeys, deleteIndex, pageIndexes, submitIndex } from '@/api/assessment';
import { feedback } from '@/api/feedback';
import { useCan } from '@/components/ResourcePage';
import { DomainTree } from './DomainTree';
import { IndexDetailDrawer, IndexFormDrawer } from './IndexDrawer';

/** 指标管理 (/targetManage): the business-domain tree and the indicators filed under it. */
export default function TargetManagePage() {
  const can = useCan();
  const editable = can(AssessmentPerm.indexManage);
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [domainId, setDomainId] = useState<string | null>(null);
  const [indexName, setIndexName] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(INDEX_PAGE_SIZES[0]);
  const [editing, setEditing] = useState<{ record?: IndexRecord } | null>(null);
  const [viewing, setViewing] = useState<IndexRecord | null>(null);
  const params = { pageNo: page, pageSize, ...(domainId ? { domainId } : {}), ...(indexName ? { indexName } : {}) };
  const list = useQuery({ queryKey: assessmentKeys.indexes(params), queryFn: () => pageIndexes(params) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all });

  const submit = (r: IndexRecord) =>
    feedback.modal.confirm({
      title: '提交',
      content: AssetMessages.submitConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await submitIndex(r.id);
        feedback.message.success('提交成功');
        await refresh();
      },
    });

  return (
    <Card title="指标管理">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7} lg={6}>
          <DomainTree
            selected={domainId}
            editable={editable}
            onSelect={(id) => {
              setDomainId(id);
              setPage(1);
            }}
          />
        </Col>
        <Col xs={24} md={17} lg={18}>
          <Space wrap style={{ marginBottom: 16 }}>
            <Input.Search
              placeholder="指标名称"
              aria-label="指标名称"
              allowClear
              style={{ width: 220 }}
              onSearch={(v) => {
                setIndexName(v.trim());
                setPage(1);
              }}
            />
            {editable && (
              <Button type="primary" onClick={() => setEditing({})}>
                新增指标
              </Button>
            )}
          </Space>
          <Table<IndexRecord>
            rowKey="id"
            loading={list.isLoading}
            dataSource={list.data?.records ?? []}
            scroll={{ x: 760 }}
            locale={{ emptyText: '暂无指标' }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              pageSizeOptions: INDEX_PAGE_SIZES.map(String),
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 条`,
              onChange: (p, s) => {
                setPage(s === pageSize ? p : 1);
                setPageSize(s);
              },
            }}
            columns={[
              { title: '指标名称', dataIndex: 'indexName', width: 200 },
              { title: '指标类型', dataIndex: 'indexType', width: 100, render: (v: string) => INDEX_TYPE_LABEL[v] },
              { title: '业务域', dataIndex: 'domainName', width: 140 },
              { title: '创建人', dataIndex: 'createBy', width: 120, render: (v: string | null) => v ?? '—' },
              {
                title: '状态',
                dataIndex: 'enables',
                width: 90,
                render: (v: string) => (v === '1' ? <Tag color="success">已提交</Tag> : <Tag>未提交</Tag>),
              },
              {
                title: '操作',
                key: 'op',
                width: 200,
                fixed: screens.md ? 'right' : undefined,
                render: (_v, r) => (
                  <Space size={4} wrap>
                    <Typography.Link onClick={() => setViewing(r)}>详情</Typography.Link>
                    {editable && r.enables !== '1' && (
                      <>
                        <Typography.Link onClick={() => setEditing({ record: r })}>编辑</Typography.Link>
                        <Typography.Link onClick={() => submit(r)}>提交</Typography.Link>
                        <Popconfirm
                          title={`确定删除指标“${r.indexName}”吗？`}
                          okText="删除"
                          cancelText="取消"
                          okButtonProps={{ danger: true }}
                          onConfirm={async () => {
                            await deleteIndex(r.id);
                            feedback.message.success('删除成功');
                            await refresh();
                          }}
                        >
                          <Typography.Link type="danger">删除</Typography.Link>
                        </Popconfirm>
                      </>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Col>
      </Row>
      <IndexFormDrawer
        open={Boolean(editing)}
        record={editing?.record}
        domainId={domainId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <IndexDetailDrawer record={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
