import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportRowError } from '@odp/contracts';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { downloadImportTemplate, importCatalogues } from '@/api/catalogue';
import { feedback } from '@/api/feedback';
import { useCatalogueRefresh } from '@/components/catalogue/use-catalogue-refresh';

type Outcome = { created: number } | { errors: ImportRowError[]; message: string } | null;

const errorsOf = (error: unknown): ImportRowError[] => {
  const errors = (error as { result?: { errors?: unknown } } | null)?.result?.errors;
  return Array.isArray(errors) ? (errors as ImportRowError[]) : [];
};

/**
 * 导入目录: the template, then an .xlsx checked row by row by the server. A file with any bad row
 * writes nothing; its problems are listed here by row.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = feedback;
  const refresh = useCatalogueRefresh();
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fileName, setFileName] = useState('');

  const send = async (file: File) => {
    setOutcome(null);
    setFileName(file.name);
    setPercent(0);
    try {
      const result = await importCatalogues(file, setPercent);
      setOutcome(result);
      message.success(`成功导入 ${result.created} 条目录`);
      await refresh();
    } catch (error) {
      setOutcome({
        errors: errorsOf(error),
        message: error instanceof Error ? error.message : '导入失败',
      });
    } finally {
      setPercent(null);
    }
  };

  const template = async () => {
    try {
      await downloadImportTemplate();
    } catch {
      // Reported by the request client.
    }
  };

  return (
    <Modal
      title="导入目录"
      open={open}
      width={760}
      onCancel={onClose}
      afterClose={() => setOutcome(null)}
      footer={<Button onClick={onClose}>关闭</Button>}
      maskClosable={false}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message="请先下载导入模板，按模板填写后上传。文件中任何一行有误时不会导入任何数据，请按提示修改后重新上传。"
        />
        <Button icon={<DownloadOutlined />} onClick={template}>
          下载导入模板
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={percent !== null}
          beforeUpload={(file) => {
            if (!file.name.toLowerCase().endsWith('.xlsx')) message.error('请上传 .xlsx 格式的文件');
            else if (file.size > IMPORT_MAX_BYTES)
              message.error(`导入文件不能超过 ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
            else void send(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将文件拖到此处上传</p>
          <p className="ant-upload-hint">
            仅支持按模板填写的 .xlsx 文件，不超过 {IMPORT_MAX_BYTES / 1024 / 1024} MB、{IMPORT_MAX_ROWS} 条目录
          </p>
        </Upload.Dragger>
        {percent !== null && (
          <div>
            <Typography.Text>
              {percent < 100 ? `正在上传 ${fileName}` : `${fileName} 已上传，正在校验…`}
            </Typography.Text>
            <Progress percent={percent} status="active" />
          </div>
        )}
        {outcome && 'created' in outcome && (
          <Alert type="success" showIcon message={`${fileName}：成功导入 ${outcome.created} 条目录`} />
        )}
        {outcome && 'errors' in outcome && (
          <>
            <Alert
              type="error"
              showIcon
              message={`${fileName}：${outcome.message}`}
              description={outcome.errors.length ? `共 ${outcome.errors.length} 处问题，未导入任何数据。` : undefined}
            />
            {outcome.errors.length > 0 && (
              <Table<ImportRowError & { key: number }>
                size="small"
                bordered
                rowKey="key"
                dataSource={outcome.errors.map((e, key) => ({ ...e, key }))}
                pagination={outcome.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
                columns={[
                  {
                    title: '位置',
                    dataIndex: 'row',
                    width: 150,
                    render: (row: number, e) => `${e.sheet ? `${e.sheet} ` : ''}第 ${row} 行`,
                  },
                  { title: '字段', dataIndex: 'field', width: 160, render: (field: string | null) => field || '-' },
                  { title: '问题', dataIndex: 'message' },
                ]}
              />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
