import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, EXPORT_MAX_ROWS, type ExportColumn } from '@odp/contracts';
import { Alert, Button, Checkbox, Modal, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { exportCatalogues } from '@/api/catalogue';
import { feedback } from '@/api/feedback';
import { saveBlob } from '@/api/transfer';

const ALL = Object.keys(EXPORT_COLUMNS) as ExportColumn[];
const OPTIONS = ALL.map((value) => ({ value, label: EXPORT_COLUMNS[value] }));

/** 导出目录: the current list (its filters and tab) as .xlsx, with the columns chosen here. */
export function ExportModal({
  open,
  filters,
  onClose,
}: {
  open: boolean;
  filters: Record<string, unknown>;
  onClose: () => void;
}) {
  const { message } = feedback;
  const [columns, setColumns] = useState<ExportColumn[]>(DEFAULT_EXPORT_COLUMNS);
  const [running, setRunning] = useState(false);
  const { pageNo: _pageNo, pageSize: _pageSize, ...query } = filters;

  const run = async () => {
    setRunning(true);
    try {
      const ordered = ALL.filter((c) => columns.includes(c));
      saveBlob(await exportCatalogues(query, ordered), `信息资源目录_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
      message.success('导出成功');
      onClose();
    } catch {
      // Reported by the request client.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      title="导出目录"
      open={open}
      width={620}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={running} disabled={columns.length === 0} onClick={run}>
            导出
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message={`按列表当前的查询条件和状态页签导出全部结果（不限于当前页，最多 ${EXPORT_MAX_ROWS.toLocaleString('zh-CN')} 条）。`}
        />
        <Space>
          <Checkbox
            checked={columns.length === ALL.length}
            indeterminate={columns.length > 0 && columns.length < ALL.length}
            onChange={(e) => setColumns(e.target.checked ? ALL : [])}
          >
            全选
          </Checkbox>
        </Space>
        <Checkbox.Group
          value={columns}
          onChange={(values) => setColumns(values)}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', rowGap: 8 }}
          options={OPTIONS}
        />
      </Space>
    </Modal>
  );
}
