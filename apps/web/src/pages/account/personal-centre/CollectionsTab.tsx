import { CATALOGUE_DICT } from '@odp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { cancelCollection, listMyCollections, type MyCollection, personalKeys } from '@/api/personal';
import { DictText } from '@/components/DictTag';
import { formatDate } from '@/components/portal/format';
import { CentreList, EmptyState } from './CentreList';
import { EntryLink } from './EntryLink';

function CancelButton({ row }: { row: MyCollection }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelCollection(row.catalogId),
    onSuccess: async () => {
      feedback.message.success('已取消收藏');
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
    },
  });
  const confirm = () =>
    feedback.modal.confirm({
      title: '取消收藏',
      content: `确定不再收藏“${row.catalogName}”吗？`,
      okText: '取消收藏',
      cancelText: '保留',
      onOk: () => cancel.mutateAsync(),
    });
  return (
    <Button size="small" onClick={confirm} loading={cancel.isPending} aria-label={`取消收藏 ${row.catalogName}`}>
      取消收藏
    </Button>
  );
}

/** 我的收藏: 分类, 数据资源, 数源部门, 数据摘要, 更新时间, 取消收藏. */
export default function CollectionsTab() {
  return (
    <section className="centre-panel" aria-labelledby="centre-collections-title">
      <div className="centre-toolbar">
        <h2 id="centre-collections-title">我收藏的数据</h2>
      </div>
      <CentreList
        kind="collections"
        load={listMyCollections}
        caption="我的收藏"
        rowKey={(row) => row.catalogId}
        empty={
          <EmptyState description="还没有收藏数据，在数据详情页点击“收藏”后显示在这里">
            <Link to="/catalogue/datacatalogue">去看看开放数据</Link>
          </EmptyState>
        }
        columns={[
          {
            key: 'area',
            title: '分类',
            render: (row) => <DictText code={CATALOGUE_DICT.keyAreasType} value={row.keyAreasType} />,
          },
          { key: 'name', title: '数据资源', render: (row) => <EntryLink entry={row} /> },
          { key: 'depart', title: '数源部门', render: (row) => row.departName },
          {
            key: 'summary',
            title: '数据摘要',
            render: (row) => <span className="centre-summary">{row.informationSummary}</span>,
          },
          { key: 'updated', title: '更新时间', width: 120, render: (row) => formatDate(row.dataUpdateTime) },
          { key: 'collected', title: '收藏时间', width: 120, render: (row) => formatDate(row.collectedAt) },
          { key: 'actions', title: '操作', render: (row) => <CancelButton row={row} /> },
        ]}
      />
    </section>
  );
}
