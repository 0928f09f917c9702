import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DepartCreateInput, type DepartTreeNode, type DepartUpdateInput, Perm } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Popconfirm, Row, Space, Spin, Tabs, Tree, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { addDepart, deleteDepart, departKeys, editDepart, queryDepartById, queryDepartTree } from '@/api/system/depart';
import { DictTag } from '@/components/DictTag';
import { useCan } from '@/components/ResourcePage';
import { DepartInfoForm } from './DepartInfoForm';
import { DepartPermissionTab } from './DepartPermissionTab';
import { DepartRoleTab } from './DepartRoleTab';
import { filterDepartTree, findDepart } from './depart-tree';

/** Either a department is open, or a new one is being added under `parentId` (null: a top-level one). */
type Selection = { mode: 'edit'; id: string } | { mode: 'create'; parentId: string | null } | null;

function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  const at = keyword ? text.toLowerCase().indexOf(keyword.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Typography.Text type="danger">{text.slice(at, at + keyword.length)}</Typography.Text>
      {text.slice(at + keyword.length)}
    </>
  );
}

/**
 * 部门管理 (/system/Depart): the department tree on the left, searchable by name or code; on the
 * right the chosen department's 基本信息, 部门权限 and 部门角色. A tree rather than a paged list, so
 * the page is bespoke; the department roles inside it are a ResourcePage.
 */
export default function DepartPage() {
  const { message } = feedback;
  const can = useCan();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>(null);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [tab, setTab] = useState('info');
  const [deleting, setDeleting] = useState(false);

  const tree = useQuery({ queryKey: departKeys.tree, queryFn: queryDepartTree });
  const filtered = useMemo(() => filterDepartTree(tree.data ?? [], keyword), [tree.data, keyword]);
  const openId = selection?.mode === 'edit' ? selection.id : null;
  const detail = useQuery({
    queryKey: departKeys.detail(openId ?? ''),
    queryFn: () => queryDepartById(openId ?? ''),
    enabled: Boolean(openId),
  });
  const current = openId ? findDepart(tree.data ?? [], openId) : undefined;
  const parentOfNew =
    selection?.mode === 'create' && selection.parentId ? findDepart(tree.data ?? [], selection.parentId) : undefined;

  const refresh = () => queryClient.invalidateQueries({ queryKey: departKeys.all });

  const submit = async (input: DepartCreateInput | DepartUpdateInput) => {
    if ('id' in input) {
      await editDepart(input);
      message.success('部门已保存');
    } else {
      const created = await addDepart(input);
      message.success('部门已新增');
      queryClient.setQueryData(departKeys.detail(created.id), created);
      setSelection({ mode: 'edit', id: created.id });
      if (input.parentId) setExpanded((keys) => [...(keys ?? defaultExpanded), input.parentId as string]);
    }
    await refresh();
  };

  const remove = async () => {
    if (!openId) return;
    setDeleting(true);
    try {
      await deleteDepart(openId);
      message.success('删除成功');
      await refresh();
      setSelection(null);
    } catch {
      // The request client has shown the server's reason (members, child departments, catalogue entries).
    } finally {
      setDeleting(false);
    }
  };

  const defaultExpanded = (tree.data ?? []).map((n) => n.key);
  const expandedKeys = expanded ?? defaultExpanded;

  const left = (
    <Card
      title="部门列表"
      size="small"
      extra={
        can(Perm.departAdd) && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              setSelection({ mode: 'create', parentId: null });
              setTab('info');
            }}
          >
            新增顶级机构
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        placeholder="按名称或机构编码筛选"
        onChange={(e) => {
          const value = e.target.value;
          setKeyword(value);
          // A new keyword opens the way to its hits; clearing it goes back to the first level.
          setExpanded(value.trim() ? filterDepartTree(tree.data ?? [], value).expandedKeys : null);
        }}
        style={{ marginBottom: 8 }}
      />
      {tree.isLoading ? (
        <Spin style={{ display: 'block', margin: '32px auto' }} />
      ) : filtered.nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword.trim() ? '没有匹配的部门' : '暂无部门'} />
      ) : (
        <div style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}>
          <Tree<DepartTreeNode>
            blockNode
            treeData={filtered.nodes}
            fieldNames={{ key: 'id', title: 'departName', children: 'children' }}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={openId ? [openId] : []}
            onSelect={(keys) => {
              if (keys.length) setSelection({ mode: 'edit', id: String(keys[0]) });
            }}
            titleRender={(node) => (
              <Space size={4}>
                <Highlighted text={node.departName} keyword={keyword.trim()} />
                {node.orgType !== '1' && <DictTag code="org_type" value={node.orgType} />}
              </Space>
            )}
          />
        </div>
      )}
    </Card>
  );

  const readOnly = !can(selection?.mode === 'create' ? Perm.departAdd : Perm.departEdit);
  const infoForm =
    selection?.mode === 'create' ? (
      <DepartInfoForm
        tree={tree.data ?? []}
        parentId={selection.parentId}
        readOnly={readOnly}
        onSubmit={submit}
        onCancel={() => setSelection(null)}
      />
    ) : detail.data ? (
      <DepartInfoForm tree={tree.data ?? []} detail={detail.data} readOnly={readOnly} onSubmit={submit} />
    ) : (
      <Spin style={{ display: 'block', margin: '48px auto' }} />
    );

  const tabs = [
    { key: 'info', label: '基本信息', children: infoForm },
    ...(openId && can(Perm.departPermission)
      ? [{ key: 'permission', label: '部门权限', children: <DepartPermissionTab departId={openId} /> }]
      : []),
    ...(openId && can(Perm.departRole)
      ? [{ key: 'role', label: '部门角色', children: <DepartRoleTab departId={openId} /> }]
      : []),
  ];

  const title =
    selection?.mode === 'create'
      ? parentOfNew
        ? `新增下级：${parentOfNew.departName}`
        : '新增顶级机构'
      : (current?.departName ?? detail.data?.departName ?? '');

  const right = !selection ? (
    <Card>
      <Empty description="请在左侧选择一个部门，查看或编辑它的信息、权限和角色" style={{ margin: '64px 0' }} />
    </Card>
  ) : (
    <Card
      title={title}
      extra={
        openId && (
          <Space>
            {can(Perm.departAdd) && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  setSelection({ mode: 'create', parentId: openId });
                  setTab('info');
                }}
              >
                新增下级
              </Button>
            )}
            {can(Perm.departDelete) && (
              <Popconfirm
                title="删除部门"
                description={`确定删除「${current?.departName ?? ''}」吗？有成员、下级部门或数据目录的部门不能删除。`}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger icon={<DeleteOutlined />} loading={deleting}>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      <Tabs activeKey={tabs.some((t) => t.key === tab) ? tab : 'info'} onChange={setTab} items={tabs} destroyOnHidden />
    </Card>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={8} xl={7}>
        {left}
      </Col>
      <Col xs={24} lg={16} xl={17}>
        {right}
      </Col>
    </Row>
  );
}
