import { ArrowLeftOutlined } from '@ant-design/icons';
import { ExchangePerm, ShareStatus } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getShareDetail, getShareUseInfo, shareKeys } from '@/api/share';
import { DictText } from '@/components/DictTag';
import { useCan } from '@/components/ResourcePage';
import { formatTime, periodText, STATUS_COLORS } from './format';
import './use-data/use-data.css';
import { useDescriptionLayout } from './layout';
import { ApiInfoPanel } from './use-data/ApiInfoPanel';
import { AuthorizePanel } from './use-data/AuthorizePanel';
import { PreviewPanel } from './use-data/PreviewPanel';

// The workbench is the heaviest part and only 库表 entries open it.
const ExchangePanel = lazy(() => import('./exchange/ExchangePanel').then((m) => ({ default: m.ExchangePanel })));

const USE_DATA_PATH = '/datasharing/useing/useData';
const IN_USE_PATH = '/datasharing/useing';

const applyIdOf = (search: string) => new URLSearchParams(search).get('applyId') ?? '';

function Failure({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message={title}
      description={error instanceof Error ? error.message : undefined}
      action={<Button onClick={retry}>重试</Button>}
    />
  );
}

/**
 * 使用数据 (/datasharing/useing/useData?applyId=…): what a granted application gives — the entry's
 * basics, a preview of the granted items (masked as *), and by the entry's kind the interface and
 * its key, or the exchange of its table into the department's own database. The tab stays mounted
 * and keeps the application it was last opened for until a link names another.
 */
export default function UseDataPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const can = useCan();
  const descriptionLayout = useDescriptionLayout();
  const [applyId, setApplyId] = useState(() => applyIdOf(location.search));
  useEffect(() => {
    if (location.pathname === USE_DATA_PATH && location.search) setApplyId(applyIdOf(location.search));
  }, [location]);

  const detail = useQuery({
    queryKey: shareKeys.detail(applyId),
    queryFn: () => getShareDetail(applyId),
    enabled: Boolean(applyId),
  });
  const info = useQuery({
    queryKey: shareKeys.useInfo(applyId),
    queryFn: () => getShareUseInfo(applyId),
    enabled: Boolean(applyId),
  });

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(IN_USE_PATH)}>
      返回正在使用
    </Button>
  );
  if (!applyId) {
    return (
      <Card>
        <Empty description="未指定共享申请，请从“正在使用”列表点击“使用数据”进入">{back}</Empty>
      </Card>
    );
  }
  if (info.isLoading || detail.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  if (info.isError || !info.data) {
    return (
      <Card extra={back} title="使用数据">
        <Failure title="数据加载失败" error={info.error} retry={() => info.refetch()} />
      </Card>
    );
  }

  const data = info.data;
  const share = detail.data;
  const format = data.dataFormat ?? '';
  const inUse = !share || share.status === ShareStatus.inUse;
  const tabs: { key: string; label: string; children: ReactNode }[] = [];
  if (format !== 'api') tabs.push({ key: 'preview', label: '数据预览', children: <PreviewPanel info={data} /> });
  if (format === 'api') tabs.push({ key: 'api', label: '接口信息', children: <ApiInfoPanel applyId={applyId} /> });
  if (format === 'table' && inUse && can(ExchangePerm.add)) {
    tabs.push({
      key: 'exchange',
      label: '交换资源',
      children: (
        <Suspense fallback={<Skeleton active />}>
          <ExchangePanel applyId={applyId} />
        </Suspense>
      ),
    });
  }
  if (inUse) tabs.push({ key: 'authorize', label: '授权信息', children: <AuthorizePanel applyId={applyId} /> });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <div className="use-data-head">
          <Space wrap size={8}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              使用数据：{data.catalogName}
            </Typography.Title>
            {share && <Tag color={STATUS_COLORS[share.status]}>{share.statusLabel}</Tag>}
          </Space>
          {back}
        </div>
        {!inUse && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="该共享申请已不在使用中，授权与交换已停止"
          />
        )}
        {detail.isError && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="申请信息加载失败，授权期限暂不可见" />
        )}
        <Descriptions
          {...descriptionLayout}
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          items={[
            { key: 'catalog', label: '数据目录', children: data.catalogName },
            { key: 'format', label: '数据格式', children: <DictText code="data_format" value={data.dataFormat} /> },
            {
              key: 'frequency',
              label: '更新频率',
              children: <DictText code="update_frequency" value={data.updateFrequency} />,
            },
            { key: 'source', label: '数源部门', children: data.sourceUnit || share?.sourceDeptName || '-' },
            ...(format === 'table'
              ? [{ key: 'tableType', label: '库表类型', children: data.databaseTableType || '-' }]
              : []),
            { key: 'updated', label: '更新时间', children: formatTime(data.updateTime) },
            ...(share
              ? [
                  { key: 'title', label: '申请标题', children: share.title },
                  {
                    key: 'period',
                    label: '授权期限',
                    children: periodText(share.grantedStartTime, share.grantedEndTime, share.grantedForever),
                  },
                  {
                    key: 'items',
                    label: '授权信息项',
                    children: `${share.items.filter((i) => i.granted).length} 项`,
                  },
                ]
              : []),
            {
              key: 'summary',
              label: '信息资源摘要',
              span: 'filled',
              children: (
                <Typography.Paragraph
                  style={{ marginBottom: 0 }}
                  ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
                >
                  {data.informationSummary || '-'}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <Card>{tabs.length ? <Tabs items={tabs} /> : <Empty description="暂无可用的数据" />}</Card>
    </Space>
  );
}
