import { ACHIEVEMENT_MACHINE, type AchievementAction, AchievementPerm, type AchievementRecord } from '@odp/contracts';
import {
  ACHIEVEMENT_STATUS_LABEL,
  APPLICATION_TYPE_LABEL,
  achievementDetailPath,
  DEVELOPER_TYPE_LABEL,
} from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Grid,
  Image,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { achievementKeys, achievementLogs, listAchievements, transitionAchievements } from '@/api/achievement';
import { useCan } from '@/components/ResourcePage';
import { defineWorkflow, WorkflowButtons } from '@/components/Workflow';
import { AchievementForm } from '@/pages/account/achievement/AchievementForm';

const STATUS_COLOR: Record<string, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'success',
  '3': 'error',
  '4': 'warning',
};

const ADMIN_WORKFLOW = defineWorkflow<AchievementRecord, AchievementAction>({
  machine: ACHIEVEMENT_MACHINE,
  idOf: (r) => r.id,
  nameOf: (r) => r.applyName,
  actionsOf: (r) => r.actions,
  offers: ['edit', 'submit', 'recall', 'approve', 'reject', 'offShelf', 'withdraw', 'delete'],
  run: (action, ids, input) => transitionAchievements(action, ids, input.comment),
  invalidates: [achievementKeys.all],
  confirm: 'popconfirm',
  dialogs: {
    reject: { comment: { label: '驳回理由', missing: '请填写驳回理由' } },
    offShelf: { comment: { label: '下架理由', missing: '请填写下架理由' } },
    delete: { question: ([r]) => `确定删除“${r?.applyName}”吗？` },
  },
});

/** What the reviewer decides on: the whole record, its pictures and datasets, then its 操作日志. */
function Details({ record }: { record: AchievementRecord }) {
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'name', label: '应用名称', children: record.applyName },
          {
            key: 'type',
            label: '应用类型',
            children: APPLICATION_TYPE_LABEL[record.applicationType] ?? record.applicationType,
          },
          {
            key: 'dev',
            label: '开发者',
            children: `${record.developerName}（${DEVELOPER_TYPE_LABEL[record.developerType] ?? '个人'}）`,
          },
          { key: 'owner', label: '所属', children: record.ownerName },
          { key: 'date', label: '上线日期', children: record.onlineDate },
          {
            key: 'url',
            label: '访问地址',
            children: record.url ? (
              <a href={record.url} target="_blank" rel="noopener noreferrer">
                {record.url}
              </a>
            ) : (
              '未填写'
            ),
          },
          { key: 'intro', label: '应用介绍', children: record.applyIntroduce },
          {
            key: 'data',
            label: '关联数据集',
            children: record.datasets.map((d) => (
              <div key={d.id}>
                {d.catalogName}（{d.departName}）
              </div>
            )),
          },
          ...(record.reason ? [{ key: 'reason', label: '理由', children: record.reason }] : []),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        图片
      </Typography.Title>
      <Space wrap>
        {[
          { src: record.logoUrl, alt: '应用图标' },
          ...(record.qrCodeUrl ? [{ src: record.qrCodeUrl, alt: '二维码' }] : []),
          ...record.screenshotUrls.map((src, i) => ({ src, alt: `截图 ${i + 1}` })),
        ].map((img) =>
          img.src ? (
            <Image key={img.src} src={img.src} alt={img.alt} height={96} style={{ objectFit: 'cover' }} />
          ) : null,
        )}
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        操作日志
      </Typography.Title>
      <Logs id={record.id} />
    </>
  );
}

function Logs({ id }: { id: string }) {
  const logs = useQuery({ queryKey: achievementKeys.logs(id), queryFn: () => achievementLogs(id) });
  return (
    <Timeline
      items={(logs.data ?? []).map((l) => ({
        children: (
          <>
            <strong>{l.actionLabel}</strong> · {l.operator}
            {l.departName ? `（${l.departName}）` : ''} · {l.time.replace('T', ' ').slice(0, 19)}
            {l.comment && <div>意见：{l.comment}</div>}
          </>
        ),
      }))}
    />
  );
}

/** 成果管理 (a department's own results, the bureau's all) and, with `status`, 成果审核. */
export function AchievementAdminList({ title, status }: { title: string; status?: string }) {
  const can = useCan();
  const screens = Grid.useBreakpoint();
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<string | undefined>(status);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ record?: AchievementRecord } | null>(null);
  const [viewing, setViewing] = useState<AchievementRecord | null>(null);
  const params = {
    pageNo: page,
    pageSize: 10,
    applyName: name || undefined,
    status: filter as AchievementRecord['status'],
  };
  const list = useQuery({
    queryKey: achievementKeys.list({ side: 'department', ...params }),
    queryFn: () => listAchievements('department', params),
  });

  return (
    <Card title={title}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="应用名称"
          allowClear
          onSearch={(v) => {
            setName(v);
            setPage(1);
          }}
          style={{ width: 240 }}
          aria-label="应用名称"
        />
        {!status && (
          <Select
            allowClear
            placeholder="成果状态"
            style={{ width: 160 }}
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPage(1);
            }}
            options={Object.entries(ACHIEVEMENT_STATUS_LABEL).map(([value, label]) => ({ value, label }))}
          />
        )}
        {!status && can(AchievementPerm.submit) && (
          <Button type="primary" onClick={() => setEditing({})}>
            新增
          </Button>
        )}
      </Space>
      <Table<AchievementRecord>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: status ? '暂无待审核的应用成果' : '暂无应用成果' }}
        pagination={{
          current: page,
          total: list.data?.total ?? 0,
          pageSize: 10,
          onChange: setPage,
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          {
            title: '应用名称',
            dataIndex: 'applyName',
            width: 220,
            render: (_v, r) =>
              r.status === '2' ? (
                <a href={achievementDetailPath(r.id)} target="_blank" rel="noreferrer">
                  {r.applyName}
                </a>
              ) : (
                r.applyName
              ),
          },
          {
            title: '应用类型',
            dataIndex: 'applicationType',
            width: 100,
            render: (v: string) => APPLICATION_TYPE_LABEL[v] ?? v,
          },
          { title: '所属', dataIndex: 'ownerName', width: 160 },
          { title: '开发者', dataIndex: 'developerName', width: 140 },
          { title: '关联数据集', key: 'ds', width: 110, render: (_v, r) => `${r.datasets.length} 个` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 130,
            render: (v: string, r) => (
              <>
                <Tag color={STATUS_COLOR[v]}>
                  {ACHIEVEMENT_STATUS_LABEL[v as keyof typeof ACHIEVEMENT_STATUS_LABEL]}
                </Tag>
                {r.linkBroken && <Tag color="orange">失效</Tag>}
              </>
            ),
          },
          { title: '更新时间', dataIndex: 'updateTime', width: 120, render: (v: string) => v.slice(0, 10) },
          {
            title: '操作',
            key: 'op',
            // Pinned only where the table has room: on a phone it would cover the whole row.
            fixed: screens.md ? 'right' : undefined,
            width: 240,
            render: (_v, r) => (
              <Space wrap size={4}>
                <WorkflowButtons
                  workflow={ADMIN_WORKFLOW}
                  item={r}
                  variant="link"
                  handlers={{ edit: (x) => setEditing({ record: x }) }}
                />
                <Typography.Link onClick={() => setViewing(r)}>详情</Typography.Link>
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={Boolean(editing)}
        onClose={() => setEditing(null)}
        width="min(820px, 100vw)"
        title={editing?.record ? '编辑应用成果' : '新增应用成果'}
        destroyOnHidden
      >
        {editing && (
          <AchievementForm
            side="department"
            record={editing.record}
            onDone={() => {
              setEditing(null);
              list.refetch();
            }}
          />
        )}
      </Drawer>
      <Drawer
        open={Boolean(viewing)}
        onClose={() => setViewing(null)}
        title={`应用成果详情：${viewing?.applyName ?? ''}`}
        width="min(640px, 100vw)"
        extra={
          viewing && (
            <WorkflowButtons
              workflow={ADMIN_WORKFLOW}
              item={viewing}
              onDone={() => setViewing(null)}
              handlers={{
                edit: (x) => {
                  setViewing(null);
                  setEditing({ record: x });
                },
              }}
            />
          )
        }
      >
        {viewing && <Details record={viewing} />}
      </Drawer>
    </Card>
  );
}

export default function AchievementListPage() {
  return <AchievementAdminList title="成果管理" />;
}
