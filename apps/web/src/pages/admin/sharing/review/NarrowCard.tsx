import type { ShareDetail, ShareItemView } from '@odp/contracts';
import { Alert, Card, Checkbox, Col, DatePicker, Row, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { periodText } from '../format';
import { ItemName, PropertyText } from '../ShareDetailView';
import { isSelectable } from '../share-items';
import type { Narrowing } from './narrowing';

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);
const iso = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null);

type Props = {
  detail: ShareDetail;
  value: Narrowing;
  onChange: (next: Narrowing) => void;
  problem: string | null;
  disabled?: boolean;
};

/**
 * 授权内容: the source department ticks off items it will not grant and may shorten the period, never
 * beyond what was applied for (the date pickers refuse days outside it).
 */
export function NarrowCard({ detail, value, onChange, problem, disabled }: Props) {
  const applied = detail.items.filter((i) => i.applied);
  const from = day(detail.startTime);
  const to = detail.ifForever ? null : day(detail.endTime);
  const outside = (d: Dayjs) => Boolean((from && d.isBefore(from, 'day')) || (to && d.isAfter(to, 'day')));
  const { period } = value;
  const setPeriod = (next: Partial<Narrowing['period']>) => onChange({ ...value, period: { ...period, ...next } });
  return (
    <Card
      size="small"
      title="授权内容（数源部门可收窄信息项与期限）"
      extra={
        <Typography.Text type="secondary">
          申请期限：{periodText(detail.startTime, detail.endTime, detail.ifForever)}
        </Typography.Text>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 4 } }}
    >
      <Table<ShareItemView>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={applied}
        scroll={{ x: 480, y: 300 }}
        rowSelection={{
          selectedRowKeys: value.items,
          onChange: (keys) => {
            const wanted = new Set(keys.map(String));
            onChange({
              ...value,
              items: applied.filter((i) => isSelectable(i) && wanted.has(i.name)).map((i) => i.name),
            });
          },
          getCheckboxProps: (item) => ({
            disabled: disabled || !isSelectable(item),
            'aria-label': `授权信息项 ${item.name}`,
          }),
        }}
        columns={[
          { title: '信息项', dataIndex: 'name', width: 180, render: (_v, item) => <ItemName item={item} /> },
          {
            title: '共享属性',
            dataIndex: 'shareProperty',
            width: 96,
            render: (v: string | null) => <PropertyText value={v} />,
          },
          { title: '申请理由', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v || '-' },
        ]}
      />
      <Row gutter={[12, 8]} style={{ marginTop: 12 }} align="middle">
        <Col xs={24} sm={8}>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Typography.Text type="secondary">授权开始时间</Typography.Text>
            <DatePicker
              style={{ width: '100%' }}
              aria-label="授权开始时间"
              disabled={disabled || period.forever}
              value={day(period.start)}
              disabledDate={outside}
              onChange={(d) => setPeriod({ start: iso(d) })}
            />
          </Space>
        </Col>
        <Col xs={24} sm={8}>
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Typography.Text type="secondary">授权结束时间</Typography.Text>
            <DatePicker
              style={{ width: '100%' }}
              aria-label="授权结束时间"
              disabled={disabled || period.forever}
              value={day(period.end)}
              disabledDate={outside}
              onChange={(d) => setPeriod({ end: iso(d) })}
            />
          </Space>
        </Col>
        <Col xs={24} sm={8}>
          <Checkbox
            checked={period.forever}
            // Only a forever application can be granted forever.
            disabled={disabled || !detail.ifForever}
            onChange={(e) =>
              setPeriod(
                e.target.checked
                  ? { forever: true }
                  : { forever: false, start: period.start ?? detail.startTime ?? dayjs().format('YYYY-MM-DD') },
              )
            }
            style={{ marginTop: 22 }}
          >
            永久
          </Checkbox>
        </Col>
      </Row>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
    </Card>
  );
}
