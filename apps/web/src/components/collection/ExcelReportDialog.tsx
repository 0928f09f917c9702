import { InboxOutlined } from '@ant-design/icons';
import {
  CONFLICT_POLICY,
  CONFLICT_POLICY_LABEL,
  type ConflictPolicy,
  MAX_UPLOAD_BYTES,
  type ReportEntry,
  type ReportImportResult,
} from '@odp/contracts';
import { Alert, Button, Descriptions, Form, Modal, Progress, Radio, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { reportExcel } from '@/api/collection';
import { feedback } from '@/api/feedback';
import { useDictOptions } from '@/components/DictSelect/use-dict-options';

type Outcome = { ok: ReportImportResult } | { error: string } | null;

const POLICY_HELP: Record<ConflictPolicy, string> = {
  '1': '主键已存在的行用文件中的新值覆盖，其余行新增。',
  '2': '主键已存在的行保留原值，只新增主键不存在的行。',
  '3': '只要有一行的主键已存在或在文件中重复，整个文件都不写入。',
};

/** What 上传 means under the policy: 覆盖 changes rows already published, so it is confirmed first. */
export function needsConfirmation(entry: Pick<ReportEntry, 'totalNum'>, policy: ConflictPolicy) {
  return policy === CONFLICT_POLICY.replace && entry.totalNum > 0;
}

/**
 * 上报数据: one period's Excel sheet into the entry's data, by key under the chosen conflict policy,
 * with upload progress and what the server did (新增 / 覆盖 / 跳过).
 */
export function ExcelReportDialog({
  entry,
  open,
  onClose,
  onDone,
}: {
  entry: ReportEntry;
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const dict = useDictOptions('primary_key_conflict_policy');
  const [policy, setPolicy] = useState<ConflictPolicy>(CONFLICT_POLICY.replace);
  const [keyColumn, setKeyColumn] = useState<string | undefined>();
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fileName, setFileName] = useState('');
  const needsKey = entry.keyColumns.length === 0;
  const policies = (Object.keys(CONFLICT_POLICY_LABEL) as ConflictPolicy[]).map((value) => ({
    value,
    label: dict.find((d) => d.value === value)?.text ?? CONFLICT_POLICY_LABEL[value],
  }));

  const send = async (file: File) => {
    setOutcome(null);
    setFileName(file.name);
    setPercent(0);
    try {
      const ok = await reportExcel({ catalogId: entry.id, conflictPolicy: policy, keyColumn }, file, setPercent);
      setOutcome({ ok });
      feedback.message.success(`${ok.fileName}上传成功`);
      await onDone();
    } catch (error) {
      setOutcome({ error: error instanceof Error ? error.message : '上报失败' });
    } finally {
      setPercent(null);
    }
  };

  const choose = (file: File) => {
    const name = file.name.toLowerCase();
    if (!name.endsWith('.xlsx') && !name.endsWith('.xls')) feedback.message.error('请上传 .xlsx 或 .xls 格式的文件');
    else if (file.size > MAX_UPLOAD_BYTES) feedback.message.error(`文件不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    else if (needsKey && !keyColumn) feedback.message.error('请先选择主键列');
    else if (needsConfirmation(entry, policy)) {
      feedback.modal.confirm({
        title: '确认覆盖已有记录？',
        content: `“${file.name}”中主键已存在的行将覆盖「${entry.catalogName}」现有的数据，此操作不能撤销。`,
        okText: '确认上报',
        cancelText: '取消',
        onOk: () => send(file),
      });
    } else void send(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <Modal
      title={`上报数据：${entry.catalogName}`}
      open={open}
      width={640}
      onCancel={onClose}
      maskClosable={false}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          文件的列须与模板一致：{entry.columns.length ? entry.columns.join('、') : '（目录尚无信息项）'}
        </Typography.Text>
        <Form layout="vertical" component="div">
          <Form.Item label="主键冲突策略" required extra={POLICY_HELP[policy]} style={{ marginBottom: 12 }}>
            <Radio.Group
              value={policy}
              onChange={(e) => setPolicy(e.target.value as ConflictPolicy)}
              options={policies}
              disabled={percent !== null}
            />
          </Form.Item>
          {needsKey ? (
            <Form.Item
              label="主键列"
              required
              extra="该目录的信息项未标明主键，请选择用来识别同一条记录的列。"
              style={{ marginBottom: 12 }}
            >
              <Select
                value={keyColumn}
                onChange={setKeyColumn}
                placeholder="请选择主键列"
                options={entry.columns.map((c) => ({ value: c, label: c }))}
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          ) : (
            <Typography.Paragraph style={{ marginBottom: 12 }}>
              主键：{entry.keyColumns.join('、')}
            </Typography.Paragraph>
          )}
        </Form>
        <Upload.Dragger accept=".xlsx,.xls" showUploadList={false} disabled={percent !== null} beforeUpload={choose}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将 Excel 文件拖到此处上报</p>
          <p className="ant-upload-hint">支持 .xlsx、.xls，不超过 {MAX_UPLOAD_BYTES / 1024 / 1024} MB</p>
        </Upload.Dragger>
        {percent !== null && (
          <div>
            <Typography.Text>{percent < 100 ? `正在上传 ${fileName}` : '解析中...'}</Typography.Text>
            <Progress percent={percent} status="active" />
          </div>
        )}
        {outcome && 'ok' in outcome && (
          <Alert
            type="success"
            showIcon
            message={`${outcome.ok.fileName}上传成功`}
            description={
              <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
                <Descriptions.Item label="新增">{outcome.ok.inserted} 行</Descriptions.Item>
                <Descriptions.Item label="覆盖">{outcome.ok.replaced} 行</Descriptions.Item>
                <Descriptions.Item label="跳过">{outcome.ok.skipped} 行</Descriptions.Item>
                <Descriptions.Item label="数据总量">{outcome.ok.totalNum.toLocaleString('zh-CN')} 行</Descriptions.Item>
              </Descriptions>
            }
          />
        )}
        {outcome && 'error' in outcome && (
          <Alert
            type="error"
            showIcon
            message={`${fileName}：${outcome.error}`}
            description="本次上报未写入任何数据。"
          />
        )}
      </Space>
    </Modal>
  );
}
