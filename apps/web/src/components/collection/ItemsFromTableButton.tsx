import { DatabaseOutlined } from '@ant-design/icons';
import { type ItemOfColumn, itemOfColumn } from '@odp/contracts';
import { Button, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { listSourceColumns } from '@/api/collection';
import { feedback } from '@/api/feedback';
import { useSourceOptions, useSourceTables } from './source-queries';

type Values = { dataSourceId?: string; tableName?: string };

/**
 * 数据库 mode of the entry form: picks a table of the department's data sources and hands its
 * columns over as 信息项 (name from the column comment, English name from the column).
 */
export function ItemsFromTableButton({
  orgCode,
  disabled,
  onItems,
}: {
  orgCode?: string;
  disabled?: boolean;
  onItems: (items: ItemOfColumn[], table: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState(false);
  const [form] = Form.useForm<Values>();
  const sourceId = Form.useWatch('dataSourceId', form);
  const sources = useSourceOptions(orgCode);
  const tables = useSourceTables(open ? sourceId : undefined);

  const read = async (values: Values) => {
    setReading(true);
    try {
      const columns = await listSourceColumns(values.dataSourceId ?? '', values.tableName ?? '');
      if (columns.length === 0) {
        feedback.message.warning('该表没有字段');
        return;
      }
      onItems(columns.map(itemOfColumn), values.tableName ?? '');
      setOpen(false);
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setReading(false);
    }
  };

  return (
    <>
      <Button icon={<DatabaseOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        从数据表读取信息项
      </Button>
      <Modal
        title="从数据表读取信息项"
        open={open}
        onCancel={() => setOpen(false)}
        okText="读取字段"
        confirmLoading={reading}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          选择本部门数据源中的一张表，按它的字段生成信息项：字段注释作为信息项名称，字段名作为英文名称。
        </Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" preserve={false} onFinish={read}>
          <Form.Item name="dataSourceId" label="数据源" rules={[{ required: true, message: '请选择数据源' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="请选择数据源"
              loading={sources.isLoading}
              notFoundContent={sources.isLoading ? '加载中…' : '本部门暂无数据源，请先在资源管理 › 数据源管理中添加'}
              options={sources.sources.map((s) => ({ value: s.storageId, label: `${s.name}（${s.planName}）` }))}
              onChange={() => form.setFieldValue('tableName', undefined)}
            />
          </Form.Item>
          <Form.Item name="tableName" label="数据表" rules={[{ required: true, message: '请选择数据表' }]}>
            <Select
              showSearch
              disabled={!sourceId}
              placeholder={sourceId ? '请选择数据表' : '请先选择数据源'}
              loading={tables.isFetching}
              options={(tables.data ?? []).map((t) => ({
                value: t.name,
                label: t.comment ? `${t.name}（${t.comment}）` : t.name,
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
