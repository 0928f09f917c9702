import {
  AUTO_CREATE_DEST,
  CONVEY_TYPE,
  CONVEY_TYPE_LABEL,
  EXCHANGE_OUTCOME,
  EXCHANGE_REPEAT_TYPES,
  EXCHANGE_TABLE_NAME,
  EXCHANGE_TARGET_TYPES,
  ExchangeMessages,
  type ExchangeTaskAdded,
  type ExchangeTaskInput,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { addExchangeTask, getDestTableFields, getSourceTableFields, shareKeys } from '@/api/share';
import { useSourceOptions, useSourceTables } from '@/components/collection/source-queries';
import { DictSelect, useDictOptions } from '@/components/DictSelect';
import { blamedField, isApiError } from '@/components/ResourcePage/errors';
import { useSession } from '@/session';
import { MappingWorkbench, type WorkbenchField } from './MappingWorkbench';
import { autoCreateTargets, keepValid, type Mapping } from './mapping';

type Values = {
  destStorageId?: string;
  isAutoCreateDest: '1' | '2';
  destTableName?: string;
  conveyType: '1' | '2';
  repeatType?: string;
  importRuleType?: '1' | '2' | '3';
};

const FORM_FIELDS = new Set([
  'destStorageId',
  'destTableName',
  'isAutoCreateDest',
  'conveyType',
  'repeatType',
  'importRuleType',
]);

/**
 * 交换资源: copies the granted columns of a 库表 entry into a table of one of the department's data
 * sources — a new table, or an existing one whose columns are mapped — once or repeatedly.
 */
export function ExchangePanel({ applyId }: { applyId: string }) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const orgCode = useSession().userInfo?.orgCode ?? undefined;
  const [form] = Form.useForm<Values>();
  const sourceId = Form.useWatch('destStorageId', form);
  const autoCreate = Form.useWatch('isAutoCreateDest', form) ?? AUTO_CREATE_DEST.yes;
  const tableName = Form.useWatch('destTableName', form);
  const conveyType = Form.useWatch('conveyType', form);
  const [mappings, setMappings] = useState<Mapping[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  /** What the last 提交 made, until the form changes. */
  const [added, setAdded] = useState<ExchangeTaskAdded | null>(null);

  const sourceFields = useQuery({
    queryKey: shareKeys.sourceFields(applyId),
    queryFn: () => getSourceTableFields(applyId),
  });
  const dataSources = useSourceOptions(orgCode);
  const writable = dataSources.sources.filter((s) => EXCHANGE_TARGET_TYPES.includes(s.code));
  const tables = useSourceTables(autoCreate === AUTO_CREATE_DEST.no ? sourceId : undefined);
  const existing = autoCreate === AUTO_CREATE_DEST.no && sourceId && tableName ? tableName : '';
  const destFields = useQuery({
    queryKey: shareKeys.destFields(sourceId ?? '', existing),
    queryFn: () => getDestTableFields(sourceId ?? '', existing),
    enabled: Boolean(existing),
    retry: false,
  });
  const frequencies = useDictOptions('update_frequency').filter((o) => EXCHANGE_REPEAT_TYPES.includes(o.value));

  const sources: WorkbenchField[] = useMemo(
    () =>
      (sourceFields.data ?? []).map((f) => ({
        name: f.name,
        type: f.type,
        primaryKey: f.primaryKey,
        label: f.masked ? `${f.chineseName}（脱敏）` : f.chineseName,
      })),
    [sourceFields.data],
  );
  const targets: WorkbenchField[] = useMemo(() => {
    if (autoCreate === AUTO_CREATE_DEST.yes) {
      return autoCreateTargets(sources).map((t, i) => ({
        ...t,
        label: sources[i]?.label,
        primaryKey: sources[i]?.primaryKey,
      }));
    }
    return (destFields.data ?? []).map((f) => ({
      name: f.name,
      type: f.type,
      label: f.comment,
      primaryKey: f.primaryKey,
    }));
  }, [autoCreate, sources, destFields.data]);

  const submit = useMutation({
    mutationFn: (input: ExchangeTaskInput) => addExchangeTask(input),
    onMutate: () => setProblem(null),
    onSuccess: async (result) => {
      setAdded(result);
      const run = result.run;
      if (run && run.outcome === EXCHANGE_OUTCOME.failed) message.warning('交换任务已创建，但执行失败');
      else message.success(run ? '交换完成' : '交换任务已创建');
      await queryClient.invalidateQueries({ queryKey: ['share', 'records', applyId] });
    },
    onError: (error) => {
      const text = isApiError(error) ? error.message : '提交失败，请稍后再试';
      setProblem(text);
      const field = blamedField(error);
      if (field && FORM_FIELDS.has(field)) form.setFields([{ name: field as keyof Values, errors: [text] }]);
    },
  });

  const onFinish = (values: Values) => {
    if (mappings.length === 0) {
      message.warning(ExchangeMessages.noMapping);
      setProblem(ExchangeMessages.noMapping);
      return;
    }
    submit.mutate({
      applyId,
      destStorageId: values.destStorageId ?? '',
      destTableName: values.destTableName?.trim() ?? '',
      isAutoCreateDest: values.isAutoCreateDest,
      fieldMappings: mappings,
      conveyType: values.conveyType,
      repeatType: values.conveyType === CONVEY_TYPE.repeat ? values.repeatType : null,
      importRuleType: values.importRuleType ?? '1',
    });
  };

  // Another table (or mode) has other columns: mappings to columns that are gone go too.
  const onValuesChange = (changed: Partial<Values>) => {
    setProblem(null);
    setAdded(null);
    // A new table's name is no existing table's, and another source has other tables.
    if ('destStorageId' in changed || 'isAutoCreateDest' in changed) form.setFieldValue('destTableName', undefined);
    if ('destStorageId' in changed || 'isAutoCreateDest' in changed) setMappings([]);
    if ('destTableName' in changed && autoCreate === AUTO_CREATE_DEST.no) setMappings([]);
  };

  const targetsEmpty =
    autoCreate === AUTO_CREATE_DEST.no
      ? destFields.isError
        ? `读取目的表字段失败：${(destFields.error as Error).message}`
        : '请先选择目的库和目的表'
      : '没有可交换的字段';

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ isAutoCreateDest: AUTO_CREATE_DEST.yes, conveyType: CONVEY_TYPE.once }}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      disabled={submit.isPending}
    >
      {sourceFields.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message="读取源头表字段失败"
          description={(sourceFields.error as Error).message}
          action={<Button onClick={() => sourceFields.refetch()}>重试</Button>}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="destStorageId" label="目的库" rules={[{ required: true, message: '请选择目的库' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="请选择本部门的数据源"
              loading={dataSources.isLoading}
              notFoundContent={
                dataSources.isLoading
                  ? '加载中…'
                  : '本部门暂无可写入的数据源（MySQL、MariaDB、PostgreSQL），请先在数据源管理中添加'
              }
              options={writable.map((s) => ({ value: s.storageId, label: `${s.name}（${s.planName}）` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="isAutoCreateDest" label="自动创建目标表">
            <Radio.Group
              options={[
                { value: AUTO_CREATE_DEST.yes, label: '是' },
                { value: AUTO_CREATE_DEST.no, label: '否（映射已有表）' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {autoCreate === AUTO_CREATE_DEST.yes ? (
            <Form.Item
              name="destTableName"
              label="目的表名"
              extra="将在目的库中新建此表，字段与映射的源头表字段同名同类型"
              rules={[
                { required: true, whitespace: true, message: '请输入目的表名' },
                { pattern: EXCHANGE_TABLE_NAME, message: '目的表名只能包含字母、数字和下划线，且不能以数字开头' },
              ]}
            >
              <Input placeholder="例如 share_hospital_info" maxLength={63} />
            </Form.Item>
          ) : (
            <Form.Item
              name="destTableName"
              label="目的表"
              rules={[{ required: true, message: '请选择目的表' }]}
              help={tables.isError ? `读取数据表失败：${(tables.error as Error).message}` : undefined}
              validateStatus={tables.isError ? 'error' : undefined}
            >
              <Select
                showSearch
                disabled={!sourceId}
                placeholder={sourceId ? '请选择已有的表' : '请先选择目的库'}
                loading={tables.isFetching}
                options={(tables.data ?? [])
                  .filter((t) => t.kind === 'table')
                  .map((t) => ({ value: t.name, label: t.comment ? `${t.name}（${t.comment}）` : t.name }))}
              />
            </Form.Item>
          )}
        </Col>
      </Row>

      <Form.Item label="字段映射" required>
        <MappingWorkbench
          sources={sources}
          targets={targets}
          value={keepValid(mappings, sources, targets)}
          onChange={(next) => {
            setProblem(null);
            setAdded(null);
            setMappings(next);
          }}
          sourcesLoading={sourceFields.isLoading}
          targetsLoading={destFields.isFetching}
          targetsEmpty={targetsEmpty}
          disabled={submit.isPending}
        />
      </Form.Item>

      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="conveyType" label="传输模式" rules={[{ required: true, message: '请选择传输模式' }]}>
            <Radio.Group options={Object.entries(CONVEY_TYPE_LABEL).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        </Col>
        {conveyType === CONVEY_TYPE.repeat && (
          <Col xs={24} md={8}>
            <Form.Item
              name="repeatType"
              label="交换频率"
              rules={[{ required: true, message: ExchangeMessages.repeatMissing }]}
            >
              <Select
                placeholder="请选择频率"
                options={frequencies.map((o) => ({ value: o.value, label: o.text || o.label }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Form.Item name="importRuleType" label="导入规则" rules={[{ required: true, message: '请选择导入规则' }]}>
            <DictSelect code="primary_key_conflict_policy" placeholder="主键冲突时" allowClear={false} />
          </Form.Item>
        </Col>
      </Row>

      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      {added && <AddedResult added={added} />}
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {submit.isPending ? '提交中...' : '提交'}
      </Button>
    </Form>
  );
}

/** The outcome of the last 提交: a one-off task's run, or the repeating task's schedule. */
function AddedResult({ added }: { added: ExchangeTaskAdded }) {
  const { task, run } = added;
  const frequencies = useDictOptions('update_frequency');
  const every = frequencies.find((o) => o.value === task.repeatType);
  const where = `${task.destStorageName ?? '目的库'} › ${task.destTableName}`;
  if (run && run.outcome === EXCHANGE_OUTCOME.failed) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`交换任务已创建，但执行失败（${where}）`}
        description={run.message ?? '请在“使用记录”中查看原因'}
      />
    );
  }
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        run
          ? `交换完成：写入 ${run.rows.toLocaleString('zh-CN')} 行（${where}）`
          : `交换任务已创建（${where}），将${every ? `按“${every.text || every.label}”` : '按所选频率'}定时执行`
      }
      description="每次执行的结果可在“正在使用”列表的“使用记录”中查看。"
    />
  );
}
