import type { RoleItem } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Space, Spin, Switch, Tree, Typography } from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { permissionKeys, queryPermissionTree, queryRolePermission, saveRolePermission } from '@/api/system/permission';
import { toPermissionTreeData } from './permission-tree-data';
import { menusOf, RoleDataRuleDrawer } from './RoleDataRuleDrawer';
import { allKeys, analyseGrants } from './role-permission-tree';

/**
 * 授权: the menus and buttons a role holds, ticked in a tree with parent–child linking. Saving
 * replaces the role's grants; holders gain or lose access on their next request.
 */
export function RolePermissionDrawer({ role, open, onClose }: { role: RoleItem; open: boolean; onClose: () => void }) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: permissionKeys.tree, queryFn: queryPermissionTree, enabled: open });
  const granted = useQuery({
    queryKey: permissionKeys.ofRole(role.id),
    queryFn: () => queryRolePermission(role.id),
    enabled: open,
    staleTime: 0,
  });

  /** What saving sends: the ticked entries and, in linked mode, their half-ticked ancestors. */
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [linked, setLinked] = useState(true);
  /** The ticked menu whose 数据规则 the role is choosing, if any. */
  const [rulesOf, setRulesOf] = useState<{ id: string; name: string } | null>(null);
  const analysis = useMemo(
    () => (tree.data && granted.data ? analyseGrants(tree.data, granted.data) : null),
    [tree.data, granted.data],
  );
  useEffect(() => {
    if (!analysis || !granted.data || selected) return;
    setSelected(new Set(granted.data));
    // Grants linked ticking cannot draw are shown one by one rather than silently dropped.
    setLinked(analysis.lonelyParents.length === 0);
  }, [analysis, granted.data, selected]);

  const save = useMutation({
    mutationFn: () => saveRolePermission(role.id, [...(selected ?? [])]),
    onSuccess: async () => {
      message.success('授权成功');
      await queryClient.invalidateQueries({ queryKey: permissionKeys.ofRole(role.id) });
      onClose();
    },
  });

  const treeData = useMemo(() => toPermissionTreeData(tree.data ?? []), [tree.data]);
  const menus = useMemo(() => menusOf(tree.data ?? []), [tree.data]);
  const leaves = analysis?.leaves ?? new Set<string>();
  const current = [...(selected ?? [])];
  const loading = tree.isLoading || granted.isLoading || !selected;

  const onCheck = (checked: Key[] | { checked: Key[]; halfChecked: Key[] }, info: { halfCheckedKeys?: Key[] }) => {
    const keys = Array.isArray(checked) ? [...checked, ...(info.halfCheckedKeys ?? [])] : checked.checked;
    setSelected(new Set(keys.map(String)));
  };

  return (
    <Drawer
      title={`角色授权：${role.roleName}`}
      width={560}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} disabled={loading} onClick={() => save.mutate()}>
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : treeData.length === 0 ? (
        <Empty description="暂无菜单" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {!linked && (
            <Alert
              type="info"
              showIcon
              message="该角色有未勾选任何下级的菜单，已切换为逐项勾选，以免保存时丢失授权。"
            />
          )}
          <Space>
            <Switch checked={linked} onChange={setLinked} size="small" />
            <span>父子联动</span>
            <Typography.Link onClick={() => setSelected(new Set(allKeys(tree.data ?? [])))}>全部勾选</Typography.Link>
            <Typography.Link onClick={() => setSelected(new Set())}>全部取消</Typography.Link>
          </Space>
          <Tree
            checkable
            checkStrictly={!linked}
            defaultExpandAll
            selectable={false}
            treeData={treeData}
            checkedKeys={linked ? current.filter((key) => leaves.has(key)) : { checked: current, halfChecked: [] }}
            onCheck={onCheck}
            titleRender={(node) => {
              const key = String(node.key);
              const name = menus.get(key);
              return (
                <>
                  {typeof node.title === 'function' ? node.title(node) : node.title}
                  {name !== undefined && selected?.has(key) && (
                    <Typography.Link
                      style={{ marginLeft: 8 }}
                      onClick={(e) => {
                        // The title toggles the checkbox otherwise.
                        e.stopPropagation();
                        setRulesOf({ id: key, name });
                      }}
                    >
                      数据规则
                    </Typography.Link>
                  )}
                </>
              );
            }}
          />
        </Space>
      )}
      {rulesOf && <RoleDataRuleDrawer role={role} menu={rulesOf} open onClose={() => setRulesOf(null)} />}
    </Drawer>
  );
}
