import { type CatalogueItem, CataloguePerm, type LifecycleResult } from '@odp/contracts';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { catalogueKeys, deleteDrafts, listDrafts } from '@/api/catalogue';
import { CATALOGUE_WORKFLOW } from '@/components/catalogue/lifecycle';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { useTransitions } from '@/components/Workflow';
import { catalogueColumns as col } from './catalogue-columns';
import { DRAFTS_PATH, entryPath } from './paths';

/** A partial refusal is still a failure to report: which drafts stayed, and why. */
function failOnRefusal(result: LifecycleResult) {
  if (result.refused.length === 0) return result;
  throw new Error(`${result.refused.length} 条草稿未删除：${result.refused[0].reason}`);
}

/** 草稿箱 (/cataloguemanage/drafts): the department's drafts, to finish, submit or discard. */
export default function DraftsPage() {
  const navigate = useNavigate();
  const { start: startLifecycle, element: lifecycleElement } = useTransitions(CATALOGUE_WORKFLOW);

  const view = useMemo(
    () =>
      defineResourceView<CatalogueItem>({
        title: '草稿箱',
        noun: '草稿',
        rowKey: 'id',
        queryKeys: { all: catalogueKeys.all, list: catalogueKeys.drafts },
        api: { list: listDrafts, remove: (ids) => deleteDrafts(ids).then(failOnRefusal) },
        permissions: { delete: CataloguePerm.edit },
        columns: [
          col.nameFilter,
          col.name(DRAFTS_PATH),
          col.keyArea,
          col.openType,
          col.frequency,
          col.status,
          col.updateTime,
        ],
        rowActions: [
          {
            key: 'edit',
            permission: CataloguePerm.edit,
            render: (item) => (
              <Typography.Link onClick={() => navigate(entryPath('edit', item.id), { state: { back: DRAFTS_PATH } })}>
                编辑
              </Typography.Link>
            ),
          },
          {
            key: 'submit',
            permission: CataloguePerm.submit,
            render: (item) => <Typography.Link onClick={() => startLifecycle('submit', [item])}>提交</Typography.Link>,
          },
        ],
        batchActions: [
          {
            key: 'submit',
            label: '批量提交',
            permission: CataloguePerm.submit,
            open: (rows, done) => startLifecycle('submit', rows, () => void done()),
          },
        ],
      }),
    [navigate, startLifecycle],
  );

  return (
    <>
      <ResourcePage view={view} />
      {lifecycleElement}
    </>
  );
}
