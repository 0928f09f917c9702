import {
  type DomainNode,
  INDEX_ENABLES_LABEL,
  INDEX_FREQUENCY_LABEL,
  INDEX_TYPE_LABEL,
  INDEX_UNITS,
  type IndexRecord,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Radio, Select, Space, TreeSelect } from 'antd';
import { useState } from 'react';
import { type AssetTreeNode, assessmentKeys, assetTree, domainTree, type IndexForm, saveIndex } from '@/api/assessment';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';

const domainOptions = (nodes: DomainNode[]): { value: string; title: string; children: unknown[] }[] =>
  nodes.map((n) => ({ value: n.id, title: n.domainName, children: domainOptions(n.children) }));

/** Only 单一指标 may be sources (the server says the same); domains are groups, not choices. */
const sourceOptions = (nodes: AssetTreeNode[], self?: string): unknown[] =>
  nodes.map((n) => ({
    value: n.key,
    title: n.title,
    selectable: n.isLeaf ? n.indexType === '0' && n.key !== self : false,
    disabled: n.isLeaf ? n.indexType !== '0' || n.key === self : false,
    checkable: Boolean(n.isLeaf),
    children: n.children ? sourceOptions(n.children, self) : undefined,
  }));

/** The original's drawer: add or edit an unsubmitted indicator. */
export function IndexFormDrawer({
  open,
  record,
  domainId,
  onClose,
  onSaved,
}: {
  open: boolean;
  record?: IndexRecord;
  domainId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<IndexForm>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const domains = useQuery({ queryKey: assessmentKeys.domains, queryFn: domainTree, enabled: open });
  const sources = useQuery({ queryKey: assessmentKeys.assetTree, queryFn: assetTree, enabled: open });
  const type = Form.useWatch('indexType', form);

  const submit = async (values: IndexForm) => {
    setBusy(true);
    setError(null);
    try {
      await saveIndex(
        { ...values, relIndexCode: values.indexType === '1' ? (values.relIndexCode ?? []) : [] },
        record?.id,
      );
      feedback.message.success('保存成功');
      onSaved();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '保存失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={record ? '编辑指标' : '新增指标'}
      width="min(560px, 100vw)"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form<IndexForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          record
            ? { ...record }
            : { indexType: '0', domainId: domainId ?? undefined, frequency: 'month', relIndexCode: [] }
        }
      >
        <Form.Item
          name="indexName"
          label="指标名称"
          rules={[{ required: true, whitespace: true, message: '请输入指标名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="indexType" label="指标类型" rules={[{ required: true, message: '请选择指标类型' }]}>
          <Radio.Group options={Object.entries(INDEX_TYPE_LABEL).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {type === '1' && (
          <Form.Item
            name="relIndexCode"
            label="来源指标"
            rules={[{ required: true, message: '复合指标请至少选择一个来源指标' }]}
          >
            <TreeSelect
              multiple
              treeDefaultExpandAll
              loading={sources.isLoading}
              treeData={sourceOptions(sources.data ?? [], record?.id) as never}
              placeholder="选择单一指标"
              notFoundContent="暂无指标"
            />
          </Form.Item>
        )}
        <Form.Item name="domainId" label="业务域" rules={[{ required: true, message: '请选择业务域' }]}>
          <TreeSelect
            treeDefaultExpandAll
            treeData={domainOptions(domains.data ?? []) as never}
            placeholder="选择业务域"
          />
        </Form.Item>
        <Form.Item name="unit" label="单位" rules={[{ required: true, message: '请选择单位' }]}>
          <Select options={INDEX_UNITS.map((u) => ({ value: u, label: u }))} placeholder="选择单位" />
        </Form.Item>
        <Form.Item name="frequency" label="更新频率" rules={[{ required: true, message: '请选择更新频率' }]}>
          <Select options={Object.entries(INDEX_FREQUENCY_LABEL).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          name="bsFormula"
          label="业务口径"
          rules={[{ required: true, whitespace: true, message: '请输入业务口径' }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** 详情: always available, also for a submitted (locked) indicator. */
export function IndexDetailDrawer({ record, onClose }: { record: IndexRecord | null; onClose: () => void }) {
  return (
    <Drawer open={Boolean(record)} onClose={onClose} title="指标详情" width="min(560px, 100vw)">
      {record && (
        <Descriptions
          column={1}
          bordered
          size="small"
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            { key: 'n', label: '指标名称', children: record.indexName },
            { key: 't', label: '指标类型', children: INDEX_TYPE_LABEL[record.indexType] },
            ...(record.indexType === '1'
              ? [{ key: 's', label: '来源指标', children: record.relIndexNames.join('、') }]
              : []),
            { key: 'd', label: '业务域', children: record.domainName },
            { key: 'u', label: '单位', children: record.unit },
            { key: 'f', label: '更新频率', children: INDEX_FREQUENCY_LABEL[record.frequency] ?? record.frequency },
            { key: 'b', label: '业务口径', children: record.bsFormula },
            { key: 'c', label: '创建人', children: record.createBy ?? '—' },
            { key: 'at', label: '创建时间', children: record.createTime.replace('T', ' ').slice(0, 19) },
            { key: 'e', label: '状态', children: INDEX_ENABLES_LABEL[record.enables] },
          ]}
        />
      )}
    </Drawer>
  );
}
