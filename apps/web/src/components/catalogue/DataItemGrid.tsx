import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Input,
  InputNumber,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { DictSelect } from '@/components/DictSelect';
import { DictTag, DictText } from '@/components/DictTag';
import {
  addRow,
  type DataItemField,
  type DataItemRow,
  moveRow,
  removeRow,
  rowIssues,
  rowsFromSheet,
  updateRow,
} from './data-items';

export type DataItemGridProps = {
  value?: DataItemRow[];
  onChange?: (rows: DataItemRow[]) => void;
  readOnly?: boolean;
  /** Show every row's problems, not only those of the cells already edited (after a save attempt). */
  showAllErrors?: boolean;
};

const NONE: DataItemRow[] = [];

function CellError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, lineHeight: '18px' }}>
      {message}
    </Typography.Text>
  );
}

/**
 * The 信息项 of an entry as an editable grid: add, delete, move up and down, edit in place, and
 * import the structure (信息项名称 / 英文名称 / 数据类型 / 长度) from an .xlsx read in the browser.
 * Each row is checked against the contract's `DataItemInput` as it is edited.
 */
export function DataItemGrid({ value = NONE, onChange, readOnly, showAllErrors }: DataItemGridProps) {
  const { message } = feedback;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const issues = useMemo(() => rowIssues(value), [value]);

  const change = (rows: DataItemRow[]) => onChange?.(rows);
  const edit = (key: string, field: DataItemField, patch: Partial<DataItemRow>) => {
    setTouched((t) => new Set(t).add(`${key}.${field}`));
    change(updateRow(value, key, patch));
  };
  const errorOf = (row: DataItemRow, field: DataItemField) =>
    showAllErrors || touched.has(`${row.key}.${field}`) ? issues[row.key]?.[field] : undefined;
  const status = (row: DataItemRow, field: DataItemField) => (errorOf(row, field) ? 'error' : undefined);

  const importSheet = async (file: File) => {
    setImporting(true);
    try {
      // Loaded on demand: only this button needs the reader.
      const { readFirstSheet } = await import('./xlsx-reader');
      const { rows, error } = rowsFromSheet(await readFirstSheet(await file.arrayBuffer()));
      if (error) {
        message.error(error);
        return;
      }
      const existing = new Set(value.map((row) => row.name.trim()));
      const fresh = rows.filter((row) => !existing.has(row.name));
      change(fresh.reduce<DataItemRow[]>((all, row) => addRow(all, row), value));
      const skipped = rows.length - fresh.length;
      message.success(`已导入 ${fresh.length} 个信息项${skipped ? `，${skipped} 个与已有名称重复，已跳过` : ''}`);
    } catch (error) {
      message.error(error instanceof Error ? error.message : '无法读取该文件');
    } finally {
      setImporting(false);
    }
  };

  const text =
    (field: 'name' | 'enName' | 'fieldDescription', placeholder: string) => (_: unknown, row: DataItemRow) => (
      <>
        <Input
          value={row[field] ?? ''}
          placeholder={placeholder}
          status={status(row, field)}
          maxLength={field === 'fieldDescription' ? 300 : 100}
          onChange={(e) => edit(row.key, field, { [field]: e.target.value })}
        />
        <CellError message={errorOf(row, field)} />
      </>
    );

  const editColumns: TableColumnsType<DataItemRow> = [
    { title: '序号', key: 'index', width: 56, align: 'center', render: (_v, _r, index) => index + 1 },
    { title: <Required>信息项名称</Required>, key: 'name', width: 170, render: text('name', '中文名称') },
    { title: '英文名称', key: 'enName', width: 150, render: text('enName', '如 station_name') },
    {
      title: <Required>数据类型</Required>,
      key: 'dataType',
      width: 120,
      render: (_v, row) => (
        <>
          <DictSelect
            code="field_data_type"
            value={row.dataType}
            allowClear={false}
            status={status(row, 'dataType')}
            style={{ width: '100%' }}
            onChange={(dataType) => edit(row.key, 'dataType', { dataType })}
          />
          <CellError message={errorOf(row, 'dataType')} />
        </>
      ),
    },
    {
      title: '长度',
      key: 'dataLength',
      width: 96,
      render: (_v, row) => (
        <>
          <InputNumber
            value={row.dataLength}
            min={1}
            max={100000}
            precision={0}
            status={status(row, 'dataLength')}
            style={{ width: '100%' }}
            onChange={(dataLength) => edit(row.key, 'dataLength', { dataLength: dataLength ?? null })}
          />
          <CellError message={errorOf(row, 'dataLength')} />
        </>
      ),
    },
    {
      title: '共享属性',
      key: 'shareProperty',
      width: 170,
      render: (_v, row) => (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <DictSelect
            code="share_property"
            value={row.shareProperty}
            allowClear={false}
            style={{ width: '100%' }}
            onChange={(shareProperty) => edit(row.key, 'shareProperty', { shareProperty })}
          />
          {row.shareProperty === '20' && (
            <>
              <Input
                value={row.sharingCondition ?? ''}
                placeholder="共享条件（必填）"
                status={status(row, 'sharingCondition')}
                maxLength={300}
                onChange={(e) => edit(row.key, 'sharingCondition', { sharingCondition: e.target.value })}
              />
              <CellError message={errorOf(row, 'sharingCondition')} />
            </>
          )}
        </Space>
      ),
    },
    {
      title: '开放属性',
      key: 'openAttribute',
      width: 130,
      render: (_v, row) => (
        <DictSelect
          code="open_properties"
          value={row.openAttribute ?? undefined}
          style={{ width: '100%' }}
          onChange={(openAttribute) => edit(row.key, 'openAttribute', { openAttribute: openAttribute ?? null })}
        />
      ),
    },
    {
      title: '主键',
      key: 'primaryKey',
      width: 56,
      align: 'center',
      render: (_v, row) => (
        <Checkbox
          checked={row.primaryKey}
          onChange={(e) =>
            edit(row.key, 'primaryKey', {
              primaryKey: e.target.checked,
              ...(e.target.checked ? { nullValue: false } : {}),
            })
          }
        />
      ),
    },
    {
      title: '可为空',
      key: 'nullValue',
      width: 64,
      align: 'center',
      render: (_v, row) => (
        <Checkbox
          checked={row.nullValue}
          onChange={(e) => edit(row.key, 'nullValue', { nullValue: e.target.checked })}
        />
      ),
    },
    {
      title: '数据分级',
      key: 'dataLevel',
      width: 150,
      render: (_v, row) => (
        <DictSelect
          code="data_level"
          value={row.dataLevel ?? undefined}
          style={{ width: '100%' }}
          onChange={(dataLevel) => edit(row.key, 'dataLevel', { dataLevel: dataLevel ?? null })}
        />
      ),
    },
    {
      title: <Tooltip title="脱敏的信息项在门户预览和下载中以掩码显示">脱敏</Tooltip>,
      key: 'masked',
      width: 56,
      align: 'center',
      render: (_v, row) => (
        <Checkbox checked={row.masked} onChange={(e) => edit(row.key, 'masked', { masked: e.target.checked })} />
      ),
    },
    { title: '描述', key: 'fieldDescription', width: 180, render: text('fieldDescription', '字段含义、取值说明') },
    {
      title: '操作',
      key: 'option',
      width: 110,
      fixed: 'right',
      render: (_v, row, index) => (
        <Space size={0}>
          <Tooltip title="上移">
            <Button
              type="text"
              size="small"
              aria-label="上移"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => change(moveRow(value, row.key, 'up'))}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              type="text"
              size="small"
              aria-label="下移"
              icon={<ArrowDownOutlined />}
              disabled={index === value.length - 1}
              onClick={() => change(moveRow(value, row.key, 'down'))}
            />
          </Tooltip>
          <Tooltip title="删除">
            <Button
              type="text"
              size="small"
              danger
              aria-label="删除"
              icon={<DeleteOutlined />}
              onClick={() => change(removeRow(value, row.key))}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const viewColumns: TableColumnsType<DataItemRow> = [
    { title: '序号', key: 'index', width: 56, align: 'center', render: (_v, _r, index) => index + 1 },
    { title: '信息项名称', dataIndex: 'name', width: 160 },
    { title: '英文名称', dataIndex: 'enName', width: 140, render: (v: string | null) => v || '-' },
    {
      title: '数据类型',
      dataIndex: 'dataType',
      width: 100,
      render: (v: string) => <DictText code="field_data_type" value={v} />,
    },
    { title: '长度', dataIndex: 'dataLength', width: 70, render: (v: number | null) => v ?? '-' },
    {
      title: '共享属性',
      dataIndex: 'shareProperty',
      width: 150,
      render: (v: string, row) => (
        <>
          <DictText code="share_property" value={v} />
          {row.sharingCondition && <Typography.Text type="secondary">（{row.sharingCondition}）</Typography.Text>}
        </>
      ),
    },
    {
      title: '开放属性',
      dataIndex: 'openAttribute',
      width: 110,
      render: (v: string | null) => <DictText code="open_properties" value={v} />,
    },
    { title: '主键', dataIndex: 'primaryKey', width: 60, align: 'center', render: (v: boolean) => (v ? '是' : '否') },
    { title: '可为空', dataIndex: 'nullValue', width: 64, align: 'center', render: (v: boolean) => (v ? '是' : '否') },
    {
      title: '数据分级',
      dataIndex: 'dataLevel',
      width: 140,
      render: (v: string | null) => <DictTag code="data_level" value={v} />,
    },
    { title: '脱敏', dataIndex: 'masked', width: 60, align: 'center', render: (v: boolean) => (v ? '是' : '否') },
    { title: '描述', dataIndex: 'fieldDescription', ellipsis: true, render: (v: string | null) => v || '-' },
  ];

  return (
    <div>
      {!readOnly && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => change(addRow(value))}>
            新增信息项
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void importSheet(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={importing}>
              从 Excel 导入结构
            </Button>
          </Upload>
          <Typography.Text type="secondary">
            .xlsx 首个工作表，表头含“信息项名称、英文名称、数据类型、长度”
          </Typography.Text>
        </Space>
      )}
      <Table<DataItemRow>
        size="small"
        rowKey="key"
        bordered
        pagination={false}
        dataSource={value}
        columns={readOnly ? viewColumns : editColumns}
        scroll={{ x: readOnly ? 1150 : 1560 }}
        locale={{ emptyText: readOnly ? '暂无信息项' : '暂无信息项，请点击“新增信息项”或从 Excel 导入' }}
      />
    </div>
  );
}

function Required({ children }: { children: ReactNode }) {
  return (
    <>
      <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>
      {children}
    </>
  );
}
