import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { ShareDetail, ShareItemView } from '@odp/contracts';
import { Card, Descriptions, Empty, Table, Tag, Timeline, Typography } from 'antd';
import { DictText } from '@/components/DictTag';
import { decisionColor, decisionText, formatTime, periodText, STATUS_COLORS } from './format';
import { useDescriptionLayout } from './layout';
import { colorOf, SHARE_PROPERTY_LABEL } from './share-items';

/** An item's name in its 共享属性 colour, with the property beside it. */
export function ItemName({ item }: { item: Pick<ShareItemView, 'name' | 'enName' | 'shareProperty'> }) {
  return (
    <span style={{ color: colorOf(item) }}>
      {item.name}
      {item.enName ? <Typography.Text type="secondary"> {item.enName}</Typography.Text> : null}
    </span>
  );
}

export function PropertyText({ value }: { value: string | null }) {
  const item = { name: '', shareProperty: value };
  return <span style={{ color: colorOf(item) }}>{SHARE_PROPERTY_LABEL[value ?? '10'] ?? '-'}</span>;
}

/** The applied items (and what was granted, once decided). */
function ItemsTable({ detail }: { detail: ShareDetail }) {
  const applied = detail.items.filter((item) => item.applied || item.granted);
  const decided = detail.items.some((item) => item.granted);
  return (
    <Table<ShareItemView>
      size="small"
      rowKey="name"
      pagination={false}
      scroll={{ x: 640 }}
      dataSource={applied}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未申请信息项" /> }}
      columns={[
        { title: '信息项', dataIndex: 'name', width: 200, render: (_v, item) => <ItemName item={item} /> },
        {
          title: '共享属性',
          dataIndex: 'shareProperty',
          width: 100,
          render: (value: string | null) => <PropertyText value={value} />,
        },
        {
          title: '申请理由',
          dataIndex: 'reason',
          ellipsis: true,
          render: (value: string | null, item) => value || item.sharingCondition || '-',
        },
        {
          title: '脱敏',
          dataIndex: 'masked',
          width: 64,
          render: (masked: boolean) => (masked ? <Tag>脱敏</Tag> : '-'),
        },
        {
          title: '授权',
          dataIndex: 'granted',
          width: 64,
          render: (granted: boolean) =>
            decided ? granted ? <CheckOutlined style={{ color: '#389e0d' }} aria-label="已授权" /> : '未授权' : '-',
        },
      ]}
    />
  );
}

/** 审批流程: 申请 → 数源部门审核 → 大数据局审核, who decided what and when, and the node waiting. */
export function FlowTimeline({ detail }: { detail: ShareDetail }) {
  const items = detail.flow.map((step, i) => {
    const text = decisionText(step.decision);
    return {
      key: `${step.node}-${i}`,
      color: decisionColor(step.decision),
      children: (
        <div>
          <Typography.Text strong>{step.node}</Typography.Text>
          <Tag
            color={text ? decisionColor(step.decision) : undefined}
            icon={/待/.test(text ?? '') ? <ClockCircleOutlined /> : undefined}
            style={{ marginLeft: 8 }}
          >
            {text ?? '未开始'}
          </Tag>
          <div>
            <Typography.Text type="secondary">
              {[step.department, step.handler, step.at ? formatTime(step.at) : null].filter(Boolean).join(' · ') || '-'}
            </Typography.Text>
          </div>
          {step.comment && <div style={{ whiteSpace: 'pre-wrap' }}>意见：{step.comment}</div>}
        </div>
      ),
    };
  });
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审批记录" />;
  return <Timeline items={items} />;
}

/** The whole application as applicants and reviewers read it. */
export function ShareDetailView({ detail }: { detail: ShareDetail }) {
  const descriptionLayout = useDescriptionLayout();
  const granted = detail.grantedForever || detail.grantedStartTime || detail.grantedEndTime;
  return (
    <div className="share-detail">
      <Descriptions
        {...descriptionLayout}
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'title', label: '申请标题', children: detail.title, span: 2 },
          { key: 'catalog', label: '数据目录', children: detail.catalogName, span: 2 },
          { key: 'code', label: '流程编码', children: detail.processCode },
          {
            key: 'status',
            label: '申请状态',
            children: <Tag color={STATUS_COLORS[detail.status]}>{detail.statusLabel}</Tag>,
          },
          { key: 'applyDept', label: '申请部门', children: detail.applyDeptName || '-' },
          { key: 'sourceDept', label: '数源部门', children: detail.sourceDeptName || '-' },
          { key: 'app', label: '使用应用系统', children: detail.useAppSystemName || '-' },
          {
            key: 'area',
            label: '主题分类',
            children: detail.keyAreasType ? <DictText code="key_areas_type" value={detail.keyAreasType} /> : '-',
          },
          {
            key: 'period',
            label: '申请期限',
            children: periodText(detail.startTime, detail.endTime, detail.ifForever),
          },
          {
            key: 'granted',
            label: '授权期限',
            children: granted ? periodText(detail.grantedStartTime, detail.grantedEndTime, detail.grantedForever) : '-',
          },
          {
            key: 'file',
            label: '资源服务申请表',
            children: detail.applyFileName || '-',
            span: 2,
          },
          {
            key: 'remark',
            label: '申请说明',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{detail.applyRemark || '-'}</span>,
            span: 2,
          },
        ]}
      />
      <Card size="small" title="申请的信息项" style={{ marginTop: 16 }}>
        <ItemsTable detail={detail} />
      </Card>
      <Card size="small" title="审批流程" style={{ marginTop: 16 }}>
        <FlowTimeline detail={detail} />
      </Card>
    </div>
  );
}
