import type { StepSetting, WorkflowMachineDetail, WorkflowVersionItem } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Modal, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { getWorkflowVersion, listWorkflowVersions, workflowDesignKeys } from '@/api/system/workflow-design';
import { cityTime } from '@/pages/admin/interaction/time';

const PAGE_SIZE = 10;

/** A step's settings in words, as the version saved them. */
function describeStep(step: StepSetting, detail: WorkflowMachineDetail): string[] {
  const parts: string[] = [];
  const a = step.assignee;
  if (a?.kind === 'ownerDepartment') parts.push('办理人：数源部门');
  if (a?.kind === 'role') parts.push(`办理人：角色 ${detail.roles.find((r) => r.code === a.role)?.name ?? a.role}`);
  if (a?.kind === 'department')
    parts.push(`办理人：${detail.departs.find((d) => d.orgCode === a.orgCode)?.name ?? a.orgCode}`);
  if (step.dueDays) parts.push(`时限 ${step.dueDays} 个工作日`);
  if (step.remindBeforeHours) parts.push(`到期前 ${step.remindBeforeHours} 小时提醒`);
  if (step.skipClasses) {
    const labels = step.skipClasses.map((c) => detail.machine.classes?.values[c] ?? c);
    parts.push(labels.length ? `跳过：${labels.join('、')}` : '所有分类均不跳过');
  }
  return parts;
}

function VersionView({ detail, version }: { detail: WorkflowMachineDetail; version: number }) {
  const shown = useQuery({
    queryKey: workflowDesignKeys.version(detail.subject, version),
    queryFn: () => getWorkflowVersion(detail.subject, version),
  });
  if (!shown.data) return <Spin />;
  const { settings, comment, createdBy, createdAt } = shown.data;
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="修改说明">{comment}</Descriptions.Item>
      <Descriptions.Item label="修改人">{createdBy ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="保存时间">{cityTime(createdAt)}</Descriptions.Item>
      {detail.steps.map((s) => {
        const parts = settings.steps[s.type] ? describeStep(settings.steps[s.type], detail) : [];
        return (
          <Descriptions.Item key={s.type} label={s.label}>
            {parts.length ? parts.join('；') : '程序默认'}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}

/** The versions of a machine's configuration, newest first; any one can be viewed. */
export function VersionList({ detail }: { detail: WorkflowMachineDetail }) {
  const [pageNo, setPageNo] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const page = useQuery({
    queryKey: workflowDesignKeys.versions(detail.subject, pageNo),
    queryFn: () => listWorkflowVersions(detail.subject, pageNo, PAGE_SIZE),
  });
  const current = detail.current?.version;
  return (
    <>
      <Table<WorkflowVersionItem>
        rowKey="version"
        loading={page.isPending}
        dataSource={page.data?.records ?? []}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty description="尚未保存过配置，当前按程序默认运行" /> }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          onChange: setPageNo,
          hideOnSinglePage: true,
          showTotal: (n) => `共 ${n} 个版本`,
        }}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            width: 110,
            render: (v: number) => (
              <>
                版本 {v} {v === current && <Tag color="blue">当前</Tag>}
              </>
            ),
          },
          { title: '修改说明', dataIndex: 'comment' },
          { title: '修改人', dataIndex: 'createdBy', width: 110, render: (v: string | null) => v ?? '-' },
          { title: '保存时间', dataIndex: 'createdAt', width: 160, render: (v: string) => cityTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setViewing(row.version)}>
                查看
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={viewing !== null}
        title={`版本 ${viewing ?? ''}`}
        footer={null}
        onCancel={() => setViewing(null)}
        width={640}
      >
        {viewing !== null && <VersionView detail={detail} version={viewing} />}
      </Modal>
    </>
  );
}
