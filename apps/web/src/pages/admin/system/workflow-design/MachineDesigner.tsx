import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { getWorkflowMachine, workflowDesignKeys } from '@/api/system/workflow-design';
import { StepForm } from './StepForm';
import { VersionList } from './VersionList';

// React Flow and the layout engine load only when a diagram is shown.
const FlowDiagram = lazy(() => import('./FlowDiagram'));

/** One machine: its diagram, the form of its review steps, and its configuration versions. */
export function MachineDesigner({ subject, onBack }: { subject: string; onBack: () => void }) {
  const detail = useQuery({ queryKey: workflowDesignKeys.detail(subject), queryFn: () => getWorkflowMachine(subject) });
  const data = detail.data;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      返回流程列表
    </Button>
  );
  if (detail.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!data)
    return (
      <Card extra={back}>
        <Empty description="流程不存在" />
      </Card>
    );

  const unmoved = data.machine.transitions.filter((t) => t.to === 'same' || t.to === 'previous');
  return (
    <Card
      title={
        <Space wrap>
          <span>{data.label}</span>
          {data.current ? <Tag color="blue">当前版本 {data.current.version}</Tag> : <Tag>代码默认</Tag>}
        </Space>
      }
      extra={back}
    >
      <Tabs
        items={[
          {
            key: 'diagram',
            label: '流程图',
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Alert
                  type="info"
                  showIcon
                  message="状态与流转由程序定义，此处只读；橙色为审核环节及其决定，可在“环节配置”中设置办理人、时限与提醒。"
                />
                <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
                  <FlowDiagram machine={data.machine} />
                </Suspense>
                {unmoved.length > 0 && (
                  <Typography.Text type="secondary">
                    不改变状态的操作：
                    {unmoved.map((t) => (t.to === 'previous' ? `${t.label}（恢复原状态）` : t.label)).join('、')}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { key: 'steps', label: '环节配置', children: <StepForm detail={data} /> },
          { key: 'versions', label: '版本记录', children: <VersionList detail={data} /> },
        ]}
      />
    </Card>
  );
}
