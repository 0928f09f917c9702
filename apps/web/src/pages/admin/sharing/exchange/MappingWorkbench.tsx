import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  addMapping,
  clearMappings,
  type ExchangeField,
  fieldState,
  type Mapping,
  mapByName,
  mapByOrder,
  removeMapping,
} from './mapping';
import './mapping.css';

/** A column as the workbench lists it: its name, its Chinese name, its type, whether it is a key. */
export type WorkbenchField = ExchangeField & { label?: string | null; primaryKey?: boolean };

type Side = 'source' | 'target';

function FieldList({
  side,
  title,
  fields,
  mappings,
  picked,
  loading,
  empty,
  onPick,
}: {
  side: Side;
  title: string;
  fields: WorkbenchField[];
  mappings: Mapping[];
  picked?: string;
  loading?: boolean;
  empty: string;
  onPick: (name: string) => void;
}) {
  return (
    <Card size="small" title={title} extra={<Typography.Text type="secondary">{fields.length} 个字段</Typography.Text>}>
      <Spin spinning={Boolean(loading)}>
        {fields.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
        ) : (
          <ul className="mapping-fields" aria-label={title}>
            {fields.map((field) => {
              const state = fieldState(mappings, side, field.name, picked);
              return (
                <li key={field.name}>
                  <button
                    type="button"
                    className={`mapping-field mapping-field-${state}`}
                    disabled={state === 'mapped'}
                    aria-pressed={state === 'selected'}
                    onClick={() => onPick(field.name)}
                  >
                    <span className="mapping-field-key">
                      {field.primaryKey ? <KeyOutlined aria-label="主键" style={{ color: '#d48806' }} /> : null}
                    </span>
                    <span className="mapping-field-name">{field.name}</span>
                    <span className="mapping-field-label">{field.label || '-'}</span>
                    <span className="mapping-field-type">{field.type}</span>
                    {state === 'mapped' && <Tag className="mapping-field-tag">已映射</Tag>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
    </Card>
  );
}

type Props = {
  sources: WorkbenchField[];
  targets: WorkbenchField[];
  value: Mapping[];
  onChange: (mappings: Mapping[]) => void;
  sourcesLoading?: boolean;
  targetsLoading?: boolean;
  /** What the target list says while it has no columns (no table chosen yet…). */
  targetsEmpty?: string;
  disabled?: boolean;
};

/**
 * 字段映射: the granted source columns on the left, the target table's on the right; a click on each
 * side maps a pair, or 按顺序映射 / 按名称映射 map many; each result row can be removed (断开映射).
 */
export function MappingWorkbench({
  sources,
  targets,
  value,
  onChange,
  sourcesLoading,
  targetsLoading,
  targetsEmpty = '请先选择目的表',
  disabled,
}: Props) {
  const [picked, setPicked] = useState<{ side: Side; name: string } | null>(null);
  const typeOf = (fields: WorkbenchField[], name: string) => fields.find((f) => f.name === name)?.type ?? '-';

  const pick = (side: Side, name: string) => {
    if (disabled) return;
    if (!picked || picked.side === side) {
      setPicked(picked?.side === side && picked.name === name ? null : { side, name });
      return;
    }
    const [source, target] = side === 'target' ? [picked.name, name] : [name, picked.name];
    onChange(addMapping(value, source, target, sources, targets));
    setPicked(null);
  };
  const apply = (next: Mapping[]) => {
    setPicked(null);
    onChange(next);
  };

  return (
    <div className="mapping-workbench">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          disabled={disabled || !sources.length || !targets.length}
          onClick={() => apply(mapByOrder(sources, targets))}
        >
          按顺序映射
        </Button>
        <Button
          disabled={disabled || !sources.length || !targets.length}
          onClick={() => apply(mapByName(sources, targets, value))}
        >
          按名称映射
        </Button>
        <Button danger disabled={disabled || value.length === 0} onClick={() => apply(clearMappings())}>
          全部清空
        </Button>
        <Typography.Text type="secondary">先点击源头表字段，再点击目的表字段，即可建立一条映射</Typography.Text>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <FieldList
            side="source"
            title="源头表字段"
            fields={sources}
            mappings={value}
            picked={picked?.side === 'source' ? picked.name : undefined}
            loading={sourcesLoading}
            empty="没有可交换的字段"
            onPick={(name) => pick('source', name)}
          />
        </Col>
        <Col xs={24} md={12}>
          <FieldList
            side="target"
            title="目的表字段"
            fields={targets}
            mappings={value}
            picked={picked?.side === 'target' ? picked.name : undefined}
            loading={targetsLoading}
            empty={targetsEmpty}
            onPick={(name) => pick('target', name)}
          />
        </Col>
      </Row>
      <Card size="small" title={`映射结果（${value.length}）`} style={{ marginTop: 16 }}>
        <Table<Mapping>
          size="small"
          rowKey="source"
          pagination={false}
          dataSource={value}
          scroll={{ x: 520 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您还没选择字段映射关系" /> }}
          columns={[
            { title: '序号', key: 'index', width: 60, render: (_v, _m, i) => i + 1 },
            { title: '源头表字段', dataIndex: 'source', ellipsis: true },
            { title: '类型', key: 'sourceType', width: 100, render: (_v, m) => typeOf(sources, m.source) },
            { title: '目的表字段', dataIndex: 'target', ellipsis: true },
            { title: '类型', key: 'targetType', width: 100, render: (_v, m) => typeOf(targets, m.target) },
            {
              title: '操作',
              key: 'remove',
              width: 90,
              render: (_v, m) => (
                <Typography.Link
                  type="danger"
                  disabled={disabled}
                  aria-label={`断开 ${m.source} 的映射`}
                  onClick={() => apply(removeMapping(value, m.source))}
                >
                  断开映射
                </Typography.Link>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
