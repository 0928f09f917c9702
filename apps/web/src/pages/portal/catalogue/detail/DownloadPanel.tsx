import {
  DownloadOutlined,
  FileExcelOutlined,
  FileOutlined,
  FileTextOutlined,
  LockOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { DOWNLOAD_FORMATS } from '@odp/contracts/constants';
import { Button, Space } from 'antd';
import { type DownloadFormat, type MarketDetail, openDownloadUrl } from '@/api/market';
import { formatSize } from '@/components/portal/format';
import { EmptyState } from '@/components/portal/StateViews';

const FORMAT_LABEL: Record<DownloadFormat, string> = { original: '原始格式', csv: 'CSV', xlsx: 'XLSX', json: 'JSON' };
const FORMATS = DOWNLOAD_FORMATS.map((format) => ({ format, label: FORMAT_LABEL[format] }));

export const CONDITIONAL_NOTICE = '该数据为有条件开放，需提交开放申请并经数据提供部门审核后方可使用';

const iconOf = (fileName: string) =>
  /\.xlsx?$/i.test(fileName) ? (
    <FileExcelOutlined />
  ) : /\.(csv|json|txt)$/i.test(fileName) ? (
    <FileTextOutlined />
  ) : (
    <FileOutlined />
  );

/**
 * 数据下载: 无条件开放 files by plain links (the browser streams the file; the server counts it);
 * 有条件开放 data is explained instead, with its open condition and the way to apply (申请使用 in the head).
 */
export function DownloadPanel({ detail, onDownload }: { detail: MarketDetail; onDownload?: () => void }) {
  if (detail.openType === '2')
    return (
      <div className="detail-conditional" role="note">
        <LockOutlined className="detail-conditional-icon" />
        <div>
          <h4>{CONDITIONAL_NOTICE}</h4>
          <p>
            <strong>开放条件：</strong>
            {detail.openCondition || '请联系数据提供部门了解开放条件'}
          </p>
          <p>
            <strong>数据提供部门：</strong>
            {detail.departName || '-'}
          </p>
          <p>请点击页面上方的“申请使用”提交申请，获批后使用您的应用通过数据接口获取数据。</p>
        </div>
      </div>
    );
  if (!detail.downloadable) return <EmptyState description="该数据不提供下载" />;
  if (detail.files.length === 0 && !detail.table) return <EmptyState description="该目录暂无可下载的文件" />;
  const table = detail.table;

  return (
    <ul className="detail-files">
      {table && (
        <li key={table.id}>
          <div className="detail-file-name">
            <TableOutlined />
            <span>数据表 {table.tableName}</span>
            <small>
              {table.rowCount.toLocaleString('zh-CN')} 行 · 同步于 {table.updatedAt.slice(0, 10)}
            </small>
          </div>
          <Space wrap>
            {FORMATS.slice(1).map(({ format, label }) => (
              <Button
                key={format}
                href={openDownloadUrl({ catalogId: detail.id, resourceId: table.id }, format)}
                icon={<DownloadOutlined />}
                type={format === 'csv' ? 'primary' : 'default'}
                ghost={format === 'csv'}
                onClick={onDownload}
                aria-label={`下载数据表 ${table.tableName}（${label}）`}
              >
                {label}
              </Button>
            ))}
          </Space>
        </li>
      )}
      {detail.files.map((file) => (
        <li key={file.id}>
          <div className="detail-file-name">
            {iconOf(file.fileName)}
            <span>{file.fileName}</span>
            <small>
              {formatSize(file.size)}
              {file.kind === 'data' && ` · ${file.rowCount.toLocaleString('zh-CN')} 行`}
              {file.kind === 'doc' && ' · 说明文档'}
            </small>
          </div>
          <Space wrap>
            {(file.kind === 'data' ? FORMATS : FORMATS.slice(0, 1)).map(({ format, label }) => (
              <Button
                key={format}
                href={openDownloadUrl({ catalogId: detail.id, fileId: file.id, fileName: file.fileName }, format)}
                icon={<DownloadOutlined />}
                type={format === 'original' ? 'primary' : 'default'}
                ghost={format === 'original'}
                onClick={onDownload}
                aria-label={`下载 ${file.fileName}（${label}）`}
              >
                {label}
              </Button>
            ))}
          </Space>
        </li>
      ))}
    </ul>
  );
}
