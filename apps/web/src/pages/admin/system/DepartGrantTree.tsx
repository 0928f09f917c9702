import type { PermissionTreeNode } from '@odp/contracts';
import { Alert, Button, Empty, Space, Switch, Tree, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { toPermissionTreeData } from './permission-tree-data';
import { allKeys, analyseGrants } from './role-permission-tree';

type Props = {
  tree: PermissionTreeNode[];
  granted: string[];
  /** Shown when the tree is empty, e.g. why nothing can be granted yet. */
  emptyText: string;
  saving: boolean;
  /** Hides the save button for a reader without the right to change the grants. */
  readOnly?: boolean;
  onSave: (ids: string[]) => void;
};

/**
 * A checkable menu and button tree with parent–child linking, as the role grant drawer ticks it
 * (the same analysis, role-permission-tree.ts): saving sends the ticked entries and their
 * half-ticked ancestors, and grants that linked ticking cannot draw switch it to one by one.
 */
export function DepartGrantTree({ tree, granted, emptyText, saving, readOnly, onSave }: Props) {
  const analysis = useMemo(() => analyseGrants(tree, granted), [tree, granted]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(granted));
  const [linked, setLinked] = useState(analysis.lonelyParents.length === 0);
  // A fresh load of the grants (another department or role, or after saving) replaces the ticks.
  useEffect(() => {
    setSelected(new Set(granted));
    setLinked(analysis.lonelyParents.length === 0);
  }, [granted, analysis]);

  const treeData = useMemo(() => toPermissionTreeData(tree), [tree]);
  const current = [...selected];

  if (treeData.length === 0) return <Empty description={emptyText} />;

  const onCheck = (checked: Key[] | { checked: Key[]; halfChecked: Key[] }, info: { halfCheckedKeys?: Key[] }) => {
    const keys = Array.isArray(checked) ? [...checked, ...(info.halfCheckedKeys ?? [])] : checked.checked;
    setSelected(new Set(keys.map(String)));
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!linked && (
        <Alert type="info" showIcon message="有未勾选任何下级的菜单，已切换为逐项勾选，以免保存时丢失授权。" />
      )}
      <Space wrap>
        <Switch checked={linked} onChange={setLinked} size="small" />
        <span>父子联动</span>
        {!readOnly && (
          <>
            <Typography.Link onClick={() => setSelected(new Set(allKeys(tree)))}>全部勾选</Typography.Link>
            <Typography.Link onClick={() => setSelected(new Set())}>全部取消</Typography.Link>
          </>
        )}
        <Typography.Text type="secondary">已选 {selected.size} 项</Typography.Text>
      </Space>
      <div style={{ maxHeight: 'calc(100vh - 380px)', minHeight: 240, overflow: 'auto' }}>
        <Tree
          checkable
          disabled={readOnly}
          checkStrictly={!linked}
          defaultExpandAll
          selectable={false}
          treeData={treeData}
          checkedKeys={
            linked ? current.filter((key) => analysis.leaves.has(key)) : { checked: current, halfChecked: [] }
          }
          onCheck={onCheck}
        />
      </div>
      {!readOnly && (
        <Space>
          <Button type="primary" loading={saving} onClick={() => onSave(current)}>
            保存授权
          </Button>
          <Button onClick={() => setSelected(new Set(granted))}>重置</Button>
        </Space>
      )}
    </Space>
  );
}
