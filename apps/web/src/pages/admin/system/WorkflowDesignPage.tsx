import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { listWorkflowMachines, workflowDesignKeys } from '@/api/system/workflow-design';
import { cityTime } from '@/pages/admin/interaction/time';
import { MachineDesigner } from './workflow-design/MachineDesigner';

/**
 * 流程设计 (/system/workflowDesign): every machine of the workflow kernel; 设计 opens its diagram, the
 * configuration of its review steps and its versions (`?subject=` keeps the choice in the address).
 */
export default function WorkflowDesignPage() {
  const [params, setParams] = useSearchParams();
  const subject = params.get('subject');
  const machines = useQuery({ queryKey: workflowDesignKeys.list, queryFn: listWorkflowMachines });

  if (subject) return <MachineDesigner subject={subject} onBack={() => setParams({})} />;
  return (
    <Card title="流程设计">
      <Table
        rowKey="subject"
        loading={machines.isPending}
        dataSource={machines.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 860 }}
        locale={{ emptyText: '暂无流程' }}
        columns={[
          { title: '流程名称', dataIndex: 'label', width: 140 },
          { title: '流程标识', dataIndex: 'subject', width: 150 },
          { title: '状态轴', dataIndex: 'axes', render: (axes: string[]) => axes.join('、'), width: 150 },
          { title: '审核环节', dataIndex: 'stepCount', width: 90 },
          {
            title: '当前配置',
            dataIndex: 'version',
            width: 110,
            render: (v: number | null) => (v ? <Tag color="blue">版本 {v}</Tag> : <Tag>代码默认</Tag>),
          },
          { title: '更新人', dataIndex: 'updatedBy', width: 100, render: (v: string | null) => v ?? '-' },
          { title: '更新时间', dataIndex: 'updatedAt', width: 160, render: (v: string | null) => cityTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 80,
            fixed: 'right',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setParams({ subject: row.subject })}>
                设计
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
