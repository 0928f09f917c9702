import type { ShareItemView } from '@odp/contracts';
import { Input, Space, Table, Tag, Typography } from 'antd';
import { ItemName, PropertyText } from './ShareDetailView';
import {
  colorOf,
  type ItemSelection,
  isSelectable,
  needsReason,
  SHARE_PROPERTY,
  selectItems,
  setReason,
} from './share-items';

const LEGEND = [
  { property: SHARE_PROPERTY.free, text: '无条件共享' },
  { property: SHARE_PROPERTY.conditional, text: '有条件共享（须填写申请理由）' },
  { property: SHARE_PROPERTY.none, text: '不予共享（不可申请）' },
];

/** What the colours mean, above the table. */
export function PropertyLegend() {
  return (
    <Space size={[16, 4]} wrap style={{ marginBottom: 8 }}>
      {LEGEND.map(({ property, text }) => (
        <span key={property} style={{ color: colorOf({ name: '', shareProperty: property }) }}>
          ■ {text}
        </span>
      ))}
    </Space>
  );
}

type Props = {
  items: ShareItemView[];
  value: ItemSelection;
  onChange: (next: ItemSelection) => void;
  /** The first problem of the selection, shown under the table once the user tried to submit. */
  error?: string | null;
  disabled?: boolean;
};

/**
 * 申请的信息项: every item of the entry in its 共享属性 colour; 不予共享 items cannot be ticked, and a
 * ticked 有条件 item asks for its reason in the row.
 */
export function ApplyItemsTable({ items, value, onChange, error, disabled }: Props) {
  const selected = new Set(value.selected);
  return (
    <div>
      <PropertyLegend />
      <Table<ShareItemView>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={items}
        scroll={{ x: 620, y: 360 }}
        rowSelection={{
          selectedRowKeys: value.selected,
          onChange: (keys) => onChange(selectItems(items, value, keys.map(String))),
          getCheckboxProps: (item) => ({
            disabled: disabled || !isSelectable(item),
            'aria-label': `选择信息项 ${item.name}`,
          }),
        }}
        columns={[
          {
            title: '信息项',
            dataIndex: 'name',
            width: 180,
            render: (_v, item) => <ItemName item={item} />,
          },
          {
            title: '共享属性',
            dataIndex: 'shareProperty',
            width: 96,
            render: (v: string | null) => <PropertyText value={v} />,
          },
          {
            title: '共享条件',
            dataIndex: 'sharingCondition',
            width: 140,
            ellipsis: true,
            render: (v: string | null) => v || '-',
          },
          {
            title: '申请理由',
            key: 'reason',
            width: 220,
            render: (_v, item) => {
              if (!isSelectable(item)) return <Typography.Text type="danger">不予共享</Typography.Text>;
              if (!needsReason(item)) return '-';
              const missing = selected.has(item.name) && !value.reasons[item.name]?.trim();
              return (
                <Input
                  size="small"
                  maxLength={200}
                  disabled={disabled || !selected.has(item.name)}
                  status={missing && error ? 'error' : undefined}
                  placeholder={selected.has(item.name) ? '请填写申请理由' : '勾选后填写'}
                  aria-label={`${item.name}的申请理由`}
                  value={value.reasons[item.name] ?? ''}
                  onChange={(e) => onChange(setReason(value, item.name, e.target.value))}
                />
              );
            },
          },
          {
            title: '脱敏',
            dataIndex: 'masked',
            width: 64,
            render: (masked: boolean) => (masked ? <Tag>脱敏</Tag> : '-'),
          },
        ]}
      />
      <div style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">
          已选择 {value.selected.length} / {items.filter(isSelectable).length} 个可申请的信息项
        </Typography.Text>
        {error && (
          <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
            {error}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
