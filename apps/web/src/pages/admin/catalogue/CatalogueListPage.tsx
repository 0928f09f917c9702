import { DownloadOutlined, DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type CatalogueItem, CataloguePerm } from '@odp/contracts';
import { Button, Dropdown, type MenuProps, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { catalogueKeys, copyCatalogue, listCatalogues } from '@/api/catalogue';
import { feedback } from '@/api/feedback';
import { CatalogueLogDrawer } from '@/components/catalogue/CatalogueLogTimeline';
import { BATCH_ACTIONS, CATALOGUE_LIST_WORKFLOW } from '@/components/catalogue/lifecycle';
import { useCatalogueRefresh } from '@/components/catalogue/use-catalogue-refresh';
import { defineResourceView, type ListParams, ResourcePage, useCan } from '@/components/ResourcePage';
import { useTransitions } from '@/components/Workflow';
import { DepartTreeSelect } from '@/pages/admin/system/DepartTreeSelect';
import { catalogueColumns as col } from './catalogue-columns';
import { ExportModal } from './ExportModal';
import { ImportModal } from './ImportModal';
import { entryPath, LIST_PATH } from './paths';

/** The status tabs and the filter each sets. */
const TABS: { key: string; label: string; params: Record<string, number> }[] = [
  { key: 'all', label: '全部', params: {} },
  { key: 'draft', label: '草稿', params: { catalogStatus: 0 } },
  { key: 'pending', label: '待审核', params: { catalogStatus: 1 } },
  { key: 'approved', label: '审核通过', params: { catalogStatus: 2 } },
  { key: 'rejected', label: '审核不通过', params: { catalogStatus: 3 } },
  { key: 'on', label: '已上架', params: { shelfStatus: 2 } },
  { key: 'down', label: '已下架', params: { shelfStatus: 4 } },
  { key: 'deleted', label: '已删除', params: { shelfStatus: 9 } },
];

/** 目录列表 (/cataloguemanage/list): every entry the user may see, with the actions its state allows. */
export default function CatalogueListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const { message, modal } = feedback;
  const refresh = useCatalogueRefresh();
  const {
    start: startLifecycle,
    buttonsOf,
    batchActions,
    element: lifecycleElement,
  } = useTransitions(CATALOGUE_LIST_WORKFLOW);
  const [tab, setTab] = useState('all');
  const [logOf, setLogOf] = useState<CatalogueItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<ListParams | null>(null);
  // Reviewers and administrators see every department, so they may filter by one.
  const seesAllDepartments = can(CataloguePerm.review);

  const copy = useCallback(
    (item: CatalogueItem) =>
      modal.confirm({
        title: '复制目录',
        content: `确定复制目录「${item.catalogName}」吗？将生成一条内容相同的草稿。`,
        okText: '复制',
        cancelText: '取消',
        onOk: async () => {
          try {
            const copied = await copyCatalogue(item.id);
            message.success(`已复制为草稿「${copied.catalogName}」`);
            await refresh();
          } catch {
            // Reported by the request client.
          }
        },
      }),
    [refresh],
  );

  const view = useMemo(() => {
    const actionsCell = (item: CatalogueItem) => {
      const buttons = buttonsOf(item);
      const [first, ...rest] = buttons;
      const more: MenuProps['items'] = [
        ...rest.map((b) => ({ key: b.action, label: b.label, danger: b.danger })),
        ...(rest.length ? [{ type: 'divider' as const }] : []),
        ...(can(CataloguePerm.add) ? [{ key: 'copy', label: '复制' }] : []),
        { key: 'log', label: '目录日志' },
      ];
      const onMore: MenuProps['onClick'] = ({ key }) => {
        if (key === 'log') setLogOf(item);
        else if (key === 'copy') copy(item);
        else {
          const button = rest.find((b) => b.action === key);
          if (button) startLifecycle(button.action, [item]);
        }
      };
      return (
        <Space size={12}>
          <Typography.Link onClick={() => navigate(entryPath('view', item.id), { state: { back: LIST_PATH } })}>
            查看
          </Typography.Link>
          {item.editable && can(CataloguePerm.edit) && (
            <Typography.Link onClick={() => navigate(entryPath('edit', item.id), { state: { back: LIST_PATH } })}>
              编辑
            </Typography.Link>
          )}
          {first && (
            <Typography.Link
              type={first.danger ? 'danger' : undefined}
              onClick={() => startLifecycle(first.action, [item])}
            >
              {first.label}
            </Typography.Link>
          )}
          <Dropdown menu={{ items: more, onClick: onMore }}>
            <Typography.Link>
              更多 <DownOutlined style={{ fontSize: 10 }} />
            </Typography.Link>
          </Dropdown>
        </Space>
      );
    };

    return defineResourceView<CatalogueItem>({
      title: '目录列表',
      noun: '目录',
      rowKey: 'id',
      queryKeys: { all: catalogueKeys.all, list: catalogueKeys.list },
      api: { list: listCatalogues },
      // Room for 查看 编辑 上架申请 更多; reviewers only view and decide elsewhere.
      actionWidth: can(CataloguePerm.edit) ? 230 : 130,
      columns: [
        col.nameFilter,
        col.name(LIST_PATH),
        // A department officer sees only the own department's entries: the column would repeat it.
        ...(seesAllDepartments ? [col.depart] : []),
        {
          title: '数源单位',
          dataIndex: 'orgCode',
          hideInTable: true,
          searchable: seesAllDepartments,
          renderFormItem: () => <DepartTreeSelect valueField="orgCode" />,
        },
        col.keyArea,
        col.openType,
        col.frequency,
        col.status,
        col.catalogStatusFilter,
        col.shelfStatusFilter,
        col.updateTime,
      ],
      rowActions: [{ key: 'actions', render: actionsCell }],
      batchActions: batchActions(BATCH_ACTIONS),
    });
  }, [can, navigate, startLifecycle, buttonsOf, batchActions, copy, seesAllDepartments]);

  const toolbar = (params: ListParams) => [
    can(CataloguePerm.import) && (
      <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        导入
      </Button>
    ),
    can(CataloguePerm.export) && (
      <Button key="export" icon={<DownloadOutlined />} onClick={() => setExporting(params)}>
        导出
      </Button>
    ),
    can(CataloguePerm.add) && (
      <Button
        key="add"
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(entryPath('create'), { state: { back: LIST_PATH } })}
      >
        新增目录
      </Button>
    ),
  ];

  return (
    <>
      <ResourcePage
        view={view}
        params={TABS.find((t) => t.key === tab)?.params}
        tabs={{ activeKey: tab, items: TABS.map(({ key, label }) => ({ key, label })), onChange: setTab }}
        toolbar={toolbar}
      />
      {lifecycleElement}
      <CatalogueLogDrawer entry={logOf} onClose={() => setLogOf(null)} />
      <ImportModal open={importing} onClose={() => setImporting(false)} />
      <ExportModal open={exporting !== null} filters={exporting ?? {}} onClose={() => setExporting(null)} />
    </>
  );
}
