import type { DomainNode } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Empty, Input, Modal, Popconfirm, Space, Spin, Tree, Typography } from 'antd';
import { useState } from 'react';
import { assessmentKeys, deleteDomain, domainTree, saveDomain, updateDomain } from '@/api/assessment';
import { feedback } from '@/api/feedback';

type Editing = { mode: 'add'; parent: DomainNode | null } | { mode: 'edit'; node: DomainNode } | null;

type TreeNode = { key: string; title: string; node: DomainNode; children: TreeNode[] };
const toTreeData = (nodes: DomainNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.domainName, node: n, children: toTreeData(n.children) }));

function findNode(nodes: DomainNode[], id: string | null): DomainNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return null;
}

/**
 * 业务域 tree of 指标管理: choosing a node filters the indicators; 新增/编辑/删除 act on the chosen node
 * (also from the node's right-click menu, as in the original). Deleting asks first; the server
 * refuses a domain that still holds indicators or children and says why.
 */
export function DomainTree({
  selected,
  onSelect,
  editable,
}: {
  selected: string | null;
  onSelect: (id: string | null) => void;
  editable: boolean;
}) {
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: assessmentKeys.domains, queryFn: domainTree });
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const current = findNode(tree.data ?? [], selected);

  const refresh = () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
  const open = (e: Editing) => {
    setEditing(e);
    setName(e?.mode === 'edit' ? e.node.domainName : '');
  };
  const save = async () => {
    if (!editing) return;
    if (!name.trim()) {
      feedback.message.warning('请输入业务域名称');
      return;
    }
    setBusy(true);
    try {
      if (editing.mode === 'add') await saveDomain(name.trim(), editing.parent?.id ?? null);
      else await updateDomain(editing.node.id, name.trim(), editing.node.parentId);
      feedback.message.success('保存成功');
      setEditing(null);
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  const remove = async (node: DomainNode) => {
    await deleteDomain(node.id);
    feedback.message.success('删除成功');
    if (selected === node.id) onSelect(null);
    await refresh();
  };

  const menuOf = (node: DomainNode) => ({
    items: [
      { key: 'add', label: '新增下级业务域', onClick: () => open({ mode: 'add', parent: node }) },
      { key: 'edit', label: '编辑', onClick: () => open({ mode: 'edit', node }) },
      {
        key: 'delete',
        danger: true,
        label: '删除',
        onClick: () =>
          feedback.modal.confirm({
            title: `确定删除业务域“${node.domainName}”吗？`,
            okText: '删除',
            okButtonProps: { danger: true },
            cancelText: '取消',
            onOk: () => remove(node),
          }),
      },
    ],
  });

  return (
    <div>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Typography.Text strong>业务域</Typography.Text>
        {editable && (
          <>
            <Button size="small" onClick={() => open({ mode: 'add', parent: null })}>
              新增
            </Button>
            <Button size="small" disabled={!current} onClick={() => current && open({ mode: 'add', parent: current })}>
              新增下级
            </Button>
            <Button size="small" disabled={!current} onClick={() => current && open({ mode: 'edit', node: current })}>
              编辑
            </Button>
            <Popconfirm
              title={`确定删除业务域“${current?.domainName ?? ''}”吗？`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              disabled={!current}
              onConfirm={() => (current ? remove(current) : undefined)}
            >
              <Button size="small" danger disabled={!current}>
                删除
              </Button>
            </Popconfirm>
          </>
        )}
      </Space>
      {tree.isLoading ? (
        <Spin />
      ) : tree.data?.length ? (
        <Tree
          blockNode
          defaultExpandAll
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect((keys[0] as string) ?? null)}
          treeData={toTreeData(tree.data)}
          titleRender={(d) => {
            const node = (d as unknown as { node: DomainNode }).node;
            const label = `${node.domainName}${node.indexCount ? `（${node.indexCount}）` : ''}`;
            return editable ? (
              <Dropdown menu={menuOf(node)} trigger={['contextMenu']}>
                <span>{label}</span>
              </Dropdown>
            ) : (
              <span>{label}</span>
            );
          }}
        />
      ) : (
        <Empty description="暂无业务域" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Modal
        open={Boolean(editing)}
        title={
          editing?.mode === 'edit'
            ? '编辑业务域'
            : editing?.parent
              ? `新增“${editing.parent.domainName}”的下级业务域`
              : '新增业务域'
        }
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Input
          aria-label="业务域名称"
          placeholder="业务域名称"
          maxLength={50}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={save}
        />
      </Modal>
    </div>
  );
}
