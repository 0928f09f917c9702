import type { MyDataItem } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getMyDataPage, homeKeys } from '@/api/home';
import { entryPath } from '@/pages/admin/catalogue/paths';
import { LoadFailed, ScopeTag } from './parts';
import type { HomeScope } from './widgets';

const PAGE_SIZE = 5;
const ENTRY_VIEW = '/cataloguemanage/edit';

/** 我的数据目录: the department's entries on shelf, newest first, paged on the server. */
export function MyDataCard({ scope, routed }: { scope: HomeScope; routed: (path?: string) => boolean }) {
  const [pageNo, setPageNo] = useState(1);
  const params = { pageNo, pageSize: PAGE_SIZE };
  const query = useQuery({
    queryKey: homeKeys.myData(params),
    queryFn: () => getMyDataPage(params),
    placeholderData: keepPreviousData,
  });
  const canView = routed(ENTRY_VIEW);
  const columns: TableColumnsType<MyDataItem> = [
    {
      title: '数据目录',
      dataIndex: 'catalogName',
      width: 260,
      ellipsis: true,
      render: (name: string, row) =>
        canView ? (
          <Link to={entryPath('view', row.id)} title={name}>
            {name}
          </Link>
        ) : (
          <Typography.Text title={name}>{name}</Typography.Text>
        ),
    },
    { title: '数源应用系统', dataIndex: 'sourceSystem', width: 220, ellipsis: true, render: (v) => v || '-' },
    { title: '数源部门', dataIndex: 'departName', width: 180, ellipsis: true, render: (v) => v || '-' },
    {
      title: '上架时间',
      dataIndex: 'releaseTime',
      width: 120,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '-'),
    },
  ];
  return (
    <Card
      className="home-card"
      title={
        <>
          {scope === 'city' ? '全市数据目录' : '我的数据目录'} <ScopeTag scope={scope} />
        </>
      }
    >
      {query.isError && !query.data ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : (
        <Table<MyDataItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          scroll={{ x: 780 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已上架的数据目录" />,
          }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
            onChange: setPageNo,
            hideOnSinglePage: true,
            size: 'small',
          }}
        />
      )}
    </Card>
  );
}
