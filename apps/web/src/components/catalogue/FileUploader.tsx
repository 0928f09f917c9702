import { UploadOutlined } from '@ant-design/icons';
import type { CatalogueFile, FileKind } from '@odp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Modal, Popconfirm, Progress, Space, Table, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { catalogueKeys, deleteFile, downloadFile, listFiles, previewFile, uploadCatalogueFile } from '@/api/catalogue';
import { feedback } from '@/api/feedback';
import { FILE_KINDS, fileRefusal, formatSize } from './file-rules';

type Props = { catalogId: string; kind: FileKind; readOnly?: boolean };

/**
 * The attachments of one kind of an entry: upload with a progress bar, the list (rows counted for
 * data files), a preview of the first rows, download and delete.
 */
export function FileUploader({ catalogId, kind, readOnly }: Props) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const files = useQuery({ queryKey: catalogueKeys.files(catalogId), queryFn: () => listFiles(catalogId) });
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [previewing, setPreviewing] = useState<CatalogueFile | null>(null);
  // Empty: the server detects the header row (title rows above the table are skipped).
  const [headerRow, setHeaderRow] = useState<number | null>(null);
  const rows = (files.data ?? []).filter((file) => file.kind === kind);
  const meta = FILE_KINDS[kind];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.files(catalogId) }),
      queryClient.invalidateQueries({ queryKey: catalogueKeys.detail(catalogId) }),
    ]);

  const send = async (file: File) => {
    setUpload({ name: file.name, percent: 0 });
    try {
      const saved = await uploadCatalogueFile(
        catalogId,
        kind,
        file,
        (percent) => setUpload({ name: file.name, percent }),
        headerRow ?? undefined,
      );
      const header = saved.headerRow ? `（表头在第 ${saved.headerRow} 行）` : '';
      message.success(kind === 'data' ? `上传成功，解析出 ${saved.rowCount} 行数据${header}` : '上传成功');
      await refresh();
    } catch {
      // The request client has shown the server's reason.
    } finally {
      setUpload(null);
    }
  };

  const remove = async (file: CatalogueFile) => {
    try {
      await deleteFile(file.id);
      message.success('删除成功');
      await refresh();
    } catch {
      // Reported by the request client.
    }
  };

  const download = async (file: CatalogueFile) => {
    try {
      await downloadFile(file);
    } catch {
      // Reported by the request client.
    }
  };

  return (
    <div>
      {!readOnly && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <Space wrap>
            <Upload
              accept={meta.extensions.map((e) => `.${e}`).join(',')}
              showUploadList={false}
              disabled={upload !== null}
              beforeUpload={(file) => {
                const refusal = fileRefusal(kind, file);
                if (refusal) message.error(refusal);
                else void send(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload !== null}>
                上传{meta.title}
              </Button>
            </Upload>
            {kind === 'data' && (
              <HeaderRowInput
                id={`header-row-${catalogId}`}
                value={headerRow}
                onChange={setHeaderRow}
                placeholder="自动识别"
              />
            )}
            <Typography.Text type="secondary">{meta.hint}</Typography.Text>
          </Space>
          {upload && (
            <div>
              <Typography.Text>
                {upload.percent < 100 ? `正在上传 ${upload.name}` : `${upload.name} 已上传，正在解析…`}
              </Typography.Text>
              <Progress percent={upload.percent} status={upload.percent < 100 ? 'active' : 'normal'} />
            </div>
          )}
        </Space>
      )}
      <Table<CatalogueFile>
        size="small"
        rowKey="id"
        loading={files.isLoading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: `暂无${meta.title}` }}
        columns={[
          { title: '文件名', dataIndex: 'fileName', ellipsis: true },
          { title: '大小', dataIndex: 'size', width: 100, render: (size: number) => formatSize(size) },
          ...(kind === 'data'
            ? [
                {
                  title: '数据行数',
                  dataIndex: 'rowCount',
                  width: 100,
                  render: (count: number) => count.toLocaleString('zh-CN'),
                },
              ]
            : []),
          {
            title: '上传时间',
            dataIndex: 'createTime',
            width: 170,
            render: (time: string) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm:ss') : '-'),
          },
          {
            title: '操作',
            key: 'option',
            width: readOnly ? 110 : 150,
            render: (_v, file) => (
              <Space size={12}>
                {kind === 'data' && <Typography.Link onClick={() => setPreviewing(file)}>预览</Typography.Link>}
                <Typography.Link onClick={() => void download(file)}>下载</Typography.Link>
                {!readOnly && (
                  <Popconfirm
                    title={`确定删除文件「${file.fileName}」吗？`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => remove(file)}
                  >
                    <Typography.Link type="danger">删除</Typography.Link>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {previewing && <FilePreviewModal file={previewing} onClose={() => setPreviewing(null)} />}
    </div>
  );
}

/** The "表头所在行" number control: the row (1-based) of a CSV or XLSX that holds the header. */
function HeaderRowInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: number | null;
  onChange: (row: number | null) => void;
  placeholder?: string;
}) {
  return (
    <Space size={8}>
      <label htmlFor={id}>表头所在行</label>
      <InputNumber<number>
        id={id}
        min={1}
        max={10000}
        precision={0}
        value={value}
        placeholder={placeholder}
        onChange={(row) => onChange(typeof row === 'number' && row >= 1 ? row : null)}
        style={{ width: 110 }}
      />
    </Space>
  );
}

/**
 * The first rows of a data file. For a CSV or XLSX the server names the header row it used; the
 * officer may try another one, and the preview is asked for again with that row (the stored rows stay
 * until the file is uploaded again with it).
 */
export function FilePreviewModal({ file, onClose }: { file: CatalogueFile; onClose: () => void }) {
  const [headerRow, setHeaderRow] = useState<number | null>(null);
  const preview = useQuery({
    queryKey: catalogueKeys.preview(file.id, headerRow ?? undefined),
    queryFn: () => previewFile(file.id, headerRow ?? undefined),
    // The table keeps the rows it shows while another header row is read.
    placeholderData: keepPreviousData,
  });
  const columns = preview.data?.columns ?? file.columns ?? [];
  const data = (preview.data?.rows ?? []).map((cells, index) => ({ key: index, cells }));
  const detected = preview.data?.headerRow;
  return (
    <Modal
      open
      title={`预览：${file.fileName}`}
      width={Math.min(1200, window.innerWidth - 48)}
      onCancel={onClose}
      footer={null}
    >
      {(detected !== undefined || headerRow !== null) && (
        <Space wrap style={{ marginBottom: 12 }}>
          <HeaderRowInput
            id={`preview-header-row-${file.id}`}
            value={headerRow ?? detected ?? null}
            onChange={setHeaderRow}
          />
          <Typography.Text type="secondary">
            {headerRow === null
              ? '已自动识别表头所在行，可改为其他行查看效果'
              : '按所选行读取；如需按此行保存数据，请在上传时填写表头所在行并重新上传'}
          </Typography.Text>
        </Space>
      )}
      {preview.isError && headerRow !== null && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`无法以第 ${headerRow} 行作为表头读取该文件`}
        />
      )}
      <Typography.Paragraph type="secondary">
        {preview.data
          ? `显示前 ${data.length} 行，共 ${preview.data.total.toLocaleString('zh-CN')} 行`
          : '正在读取数据…'}
      </Typography.Paragraph>
      <Table
        size="small"
        bordered
        loading={preview.isFetching}
        pagination={false}
        dataSource={data}
        scroll={{ x: Math.max(600, columns.length * 140), y: 480 }}
        columns={columns.map((title, index) => ({
          title,
          key: String(index),
          width: 140,
          ellipsis: true,
          render: (_v: unknown, row: { cells: string[] }) => row.cells[index] ?? '',
        }))}
      />
    </Modal>
  );
}
