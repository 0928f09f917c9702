import { UploadOutlined } from '@ant-design/icons';
import type { CatalogueFile, FileKind } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Popconfirm, Progress, Space, Table, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { catalogueKeys, deleteFile, downloadFile, listFiles, previewFile, uploadCatalogueFile } from '@/api/catalogue';
import { FILE_KINDS, fileRefusal, formatSize } from './file-rules';

type Props = { catalogId: string; kind: FileKind; readOnly?: boolean };

/**
 * The attachments of one kind of an entry: upload with a progress bar, the list (rows counted for
 * data files), a preview of the first rows, download and delete.
 */
export function FileUploader({ catalogId, kind, readOnly }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const files = useQuery({ queryKey: catalogueKeys.files(catalogId), queryFn: () => listFiles(catalogId) });
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [previewing, setPreviewing] = useState<CatalogueFile | null>(null);
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
      const saved = await uploadCatalogueFile(catalogId, kind, file, (percent) =>
        setUpload({ name: file.name, percent }),
      );
      message.success(kind === 'data' ? `上传成功，解析出 ${saved.rowCount} 行数据` : '上传成功');
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

function FilePreviewModal({ file, onClose }: { file: CatalogueFile; onClose: () => void }) {
  const preview = useQuery({ queryKey: catalogueKeys.preview(file.id), queryFn: () => previewFile(file.id) });
  const columns = preview.data?.columns ?? file.columns ?? [];
  const data = (preview.data?.rows ?? []).map((cells, index) => ({ key: index, cells }));
  return (
    <Modal
      open
      title={`预览：${file.fileName}`}
      width={Math.min(1200, window.innerWidth - 48)}
      onCancel={onClose}
      footer={null}
    >
      <Typography.Paragraph type="secondary">
        {preview.data
          ? `显示前 ${data.length} 行，共 ${preview.data.total.toLocaleString('zh-CN')} 行`
          : '正在读取数据…'}
      </Typography.Paragraph>
      <Table
        size="small"
        bordered
        loading={preview.isLoading}
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
