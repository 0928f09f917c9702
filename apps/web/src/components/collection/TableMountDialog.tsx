import { TABLE_SYNC_MODE_LABEL, TABLE_SYNC_MODES, type TableSyncMode } from '@odp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Modal, Radio, Select } from 'antd';
import { mountTable } from '@/api/collection';
import { feedback } from '@/api/feedback';
import { blamedField, isApiError } from '@/components/ResourcePage/errors';
import { useSourceColumns, useSourceOptions, useSourceTables } from './source-queries';

export type MountTarget = {
  id: string;
  catalogName: string;
  orgCode: string;
  dataSourceId?: string | null;
  tableName?: string | null;
  syncMode?: TableSyncMode | null;
  keyColumn?: string | null;
};

type Values = { dataSourceId?: string; tableName?: string; syncMode: TableSyncMode; keyColumn?: string };

/**
 * 挂载数据表: picks a table of one of the entry's department's data sources and copies it into the
 * datastore at once; later copies follow the entry's 更新频率. A remount replaces the copy only when
 * the new one is complete.
 */
export function TableMountDialog({
  entry,
  open,
  onClose,
  onDone,
}: {
  entry: MountTarget;
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown> | undefined;
}) {
  const [form] = Form.useForm<Values>();
  const sourceId = Form.useWatch('dataSourceId', form);
  const table = Form.useWatch('tableName', form);
  const mode = Form.useWatch('syncMode', form);
  const sources = useSourceOptions(entry.orgCode);
  const tables = useSourceTables(sourceId);
  const columns = useSourceColumns(sourceId, table);
  const keys = (columns.data ?? []).filter((c) => c.primaryKey);

  const save = useMutation({
    mutationFn: (values: Values) =>
      mountTable({
        catalogId: entry.id,
        dataSourceId: values.dataSourceId ?? '',
        tableName: values.tableName ?? '',
        syncMode: values.syncMode,
        keyColumn: values.syncMode === 'incremental' ? values.keyColumn : undefined,
      }),
    onSuccess: async (result) => {
      feedback.message.success(`挂载成功，已同步 ${result?.rows ?? 0} 行`);
      await onDone();
      onClose();
    },
    onError: (error) => {
      const field = blamedField(error);
      if (field && isApiError(error)) form.setFields([{ name: field as keyof Values, errors: [error.message] }]);
    },
  });

  return (
    <Modal
      title={`挂载数据表：${entry.catalogName}`}
      open={open}
      onCancel={onClose}
      okText="挂载并同步"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      maskClosable={false}
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          dataSourceId: entry.dataSourceId ?? undefined,
          tableName: entry.tableName ?? undefined,
          syncMode: entry.syncMode ?? 'full',
          keyColumn: entry.keyColumn ?? undefined,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="dataSourceId" label="数据源" rules={[{ required: true, message: '请选择数据源' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="请选择本部门的数据源"
            loading={sources.isLoading}
            notFoundContent={sources.isLoading ? '加载中…' : '本部门暂无数据源，请先在资源管理 › 数据源管理中添加'}
            options={sources.sources.map((s) => ({ value: s.storageId, label: `${s.name}（${s.planName}）` }))}
            onChange={() => form.setFieldsValue({ tableName: undefined, keyColumn: undefined })}
          />
        </Form.Item>
        <Form.Item
          name="tableName"
          label="数据表"
          rules={[{ required: true, message: '请选择数据表' }]}
          help={tables.isError ? `读取数据表失败：${(tables.error as Error).message}` : undefined}
          validateStatus={tables.isError ? 'error' : undefined}
        >
          <Select
            showSearch
            disabled={!sourceId}
            placeholder={sourceId ? '请选择数据表' : '请先选择数据源'}
            loading={tables.isFetching}
            options={(tables.data ?? []).map((t) => ({
              value: t.name,
              label: t.comment ? `${t.name}（${t.comment}）` : t.name,
            }))}
            onChange={() => form.setFieldValue('keyColumn', undefined)}
          />
        </Form.Item>
        <Form.Item name="syncMode" label="同步方式">
          <Radio.Group options={TABLE_SYNC_MODES.map((m) => ({ value: m, label: TABLE_SYNC_MODE_LABEL[m] }))} />
        </Form.Item>
        {mode === 'incremental' && (
          <Form.Item
            name="keyColumn"
            label="续读主键"
            extra="增量同步按单列主键续读：每次只复制主键大于上次同步到的值的行。"
            rules={[{ required: true, message: '请选择续读主键' }]}
          >
            <Select
              disabled={!table}
              placeholder={keys.length ? '请选择主键' : '该表没有主键，不能增量同步'}
              loading={columns.isFetching}
              options={keys.map((c) => ({ value: c.name, label: c.comment ? `${c.name}（${c.comment}）` : c.name }))}
            />
          </Form.Item>
        )}
        <Alert
          type="info"
          showIcon
          message="挂载后立即同步一次；之后按目录的更新频率由定时任务自动同步（不定期的目录只在手动同步时更新）。同步失败时保留上一次成功的数据。"
        />
      </Form>
    </Modal>
  );
}
