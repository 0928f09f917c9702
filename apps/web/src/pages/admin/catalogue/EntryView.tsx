import { ArrowLeftOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { CataloguePerm } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { catalogueKeys, getCatalogue } from '@/api/catalogue';
import { CatalogueDetailView } from '@/components/catalogue/CatalogueDetailView';
import { CatalogueLogDrawer } from '@/components/catalogue/CatalogueLogTimeline';
import { CATALOGUE_WORKFLOW } from '@/components/catalogue/lifecycle';
import { StatusTags } from '@/components/catalogue/StatusTags';
import { useCan } from '@/components/ResourcePage';
import { WorkflowButtons } from '@/components/Workflow';
import { entryPath } from './paths';

/** An entry read-only, with the lifecycle actions its state allows. */
export function EntryView({ id, back }: { id: string; back: string }) {
  const navigate = useNavigate();
  const can = useCan();
  const [showLog, setShowLog] = useState(false);
  const entry = useQuery({ queryKey: catalogueKeys.detail(id), queryFn: () => getCatalogue(id) });

  if (entry.isError) {
    return (
      <Card>
        <Result
          status="warning"
          title="无法查看该目录"
          subTitle={entry.error.message}
          extra={<Button onClick={() => navigate(back)}>返回列表</Button>}
        />
      </Card>
    );
  }
  if (!entry.data) return <Card>{<Skeleton active paragraph={{ rows: 12 }} />}</Card>;
  const data = entry.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <div
          style={{ display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Space direction="vertical" size={4}>
            <Space wrap>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {data.catalogName}
              </Typography.Title>
              <StatusTags catalogStatus={data.catalogStatus} shelfStatus={data.shelfStatus} />
            </Space>
            <Typography.Text type="secondary">
              {data.catalogCode}　{data.departName}
            </Typography.Text>
          </Space>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
              返回
            </Button>
            <Button icon={<HistoryOutlined />} onClick={() => setShowLog(true)}>
              目录日志
            </Button>
            {data.editable && can(CataloguePerm.edit) && (
              <Button icon={<EditOutlined />} onClick={() => navigate(entryPath('edit', id), { state: { back } })}>
                编辑
              </Button>
            )}
            <WorkflowButtons workflow={CATALOGUE_WORKFLOW} item={data} />
          </Space>
        </div>
      </Card>
      <CatalogueDetailView entry={data} />
      <CatalogueLogDrawer entry={showLog ? data : null} onClose={() => setShowLog(false)} />
    </Space>
  );
}
