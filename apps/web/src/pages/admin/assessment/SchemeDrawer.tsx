import type { IndexRecord, SchemeRecord, SchemeSaveInput } from '@odp/contracts';
import { PERIOD_TYPE_LABEL } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { assessmentKeys, pageIndexes, saveScheme } from '@/api/assessment';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';

const ALL = { pageNo: 1, pageSize: 200 };
const DEFAULT_BANDS = [
  { min: 95, score: 100 },
  { min: 80, score: 80 },
  { min: 60, score: 60 },
];

/** 考核方案: indicators with weights (adding up to 100) and how each value is scored. */
export function SchemeDrawer({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record?: SchemeRecord;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<SchemeSaveInput>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const indexes = useQuery({ queryKey: assessmentKeys.indexes(ALL), queryFn: () => pageIndexes(ALL), enabled: open });
  const ready = (indexes.data?.records ?? []).filter(
    (i: IndexRecord) => i.enables === '1' && (i.calcName || i.formula),
  );
  const items = Form.useWatch('items', form) ?? [];
  const total = items.reduce((s, i) => s + (Number(i?.weight) || 0), 0);

  const submit = async (values: SchemeSaveInput) => {
    setBusy(true);
    setError(null);
    try {
      await saveScheme({ ...values, id: record?.id ?? null });
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
      destroyOnHidden
      width="min(720px, 100vw)"
      title={record ? '编辑考核方案' : '新增考核方案'}
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
      <Form<SchemeSaveInput>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          record
            ? { name: record.name, periodType: record.periodType, items: record.items, remark: record.remark }
            : {
                periodType: 'month',
                items: [{ weight: 100, scoring: { kind: 'bands', bands: DEFAULT_BANDS } }],
                remark: '',
              }
        }
      >
        <Form.Item
          name="name"
          label="方案名称"
          rules={[{ required: true, whitespace: true, message: '请输入方案名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="periodType" label="考核周期" rules={[{ required: true, message: '请选择考核周期' }]}>
          <Radio.Group options={Object.entries(PERIOD_TYPE_LABEL).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Typography.Paragraph>
          考核指标（权重合计：
          <Typography.Text type={Math.abs(total - 100) < 1e-6 ? 'success' : 'danger'}>{total}</Typography.Text>
          ，须为 100）
        </Typography.Paragraph>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, n) => (
                <Card
                  key={f.key}
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={`指标 ${n + 1}`}
                  extra={
                    <Typography.Link type="danger" onClick={() => remove(f.name)}>
                      移除
                    </Typography.Link>
                  }
                >
                  <Space wrap align="start">
                    <Form.Item
                      name={[f.name, 'indexId']}
                      label="指标"
                      rules={[{ required: true, message: '请选择指标' }]}
                    >
                      <Select
                        style={{ width: 220 }}
                        loading={indexes.isLoading}
                        placeholder="已提交并设置计算方式的指标"
                        options={ready.map((i) => ({ value: i.id, label: `${i.indexName}（${i.unit}）` }))}
                        notFoundContent="暂无可用指标"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'weight']}
                      label="权重"
                      rules={[{ required: true, message: '请输入权重' }]}
                    >
                      <InputNumber min={0.01} max={100} style={{ width: 100 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'scoring', 'kind']} label="评分方式" initialValue="bands">
                      <Select
                        style={{ width: 120 }}
                        options={[
                          { value: 'bands', label: '分档' },
                          { value: 'linear', label: '线性' },
                        ]}
                      />
                    </Form.Item>
                  </Space>
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['items', f.name, 'scoring', 'kind']) === 'linear' ? (
                        <Space wrap>
                          <Form.Item
                            name={[f.name, 'scoring', 'min']}
                            label="0 分对应取值"
                            rules={[{ required: true, message: '请输入' }]}
                          >
                            <InputNumber />
                          </Form.Item>
                          <Form.Item
                            name={[f.name, 'scoring', 'max']}
                            label="100 分对应取值"
                            rules={[{ required: true, message: '请输入' }]}
                          >
                            <InputNumber />
                          </Form.Item>
                        </Space>
                      ) : (
                        <Form.List name={[f.name, 'scoring', 'bands']} initialValue={DEFAULT_BANDS}>
                          {(bands, b) => (
                            <>
                              {bands.map((band) => (
                                <Space key={band.key} wrap style={{ display: 'flex' }}>
                                  <Typography.Text>取值 ≥</Typography.Text>
                                  <Form.Item name={[band.name, 'min']} noStyle rules={[{ required: true }]}>
                                    <InputNumber aria-label="分档下限" style={{ width: 100 }} />
                                  </Form.Item>
                                  <Typography.Text>得</Typography.Text>
                                  <Form.Item name={[band.name, 'score']} noStyle rules={[{ required: true }]}>
                                    <InputNumber aria-label="分档得分" min={0} max={100} style={{ width: 90 }} />
                                  </Form.Item>
                                  <Typography.Text>分</Typography.Text>
                                  <Typography.Link type="danger" onClick={() => b.remove(band.name)}>
                                    删除
                                  </Typography.Link>
                                </Space>
                              ))}
                              <Button size="small" style={{ marginTop: 8 }} onClick={() => b.add({ min: 0, score: 0 })}>
                                添加分档
                              </Button>
                              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                                低于所有分档得 0 分
                              </Typography.Text>
                            </>
                          )}
                        </Form.List>
                      )
                    }
                  </Form.Item>
                </Card>
              ))}
              <Button block onClick={() => add({ weight: 0, scoring: { kind: 'bands', bands: DEFAULT_BANDS } })}>
                添加考核指标
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="remark" label="说明" style={{ marginTop: 16 }}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
