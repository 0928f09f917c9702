import { DATA_RULE_STATUS, MENU_TYPE, type PermissionTreeNode, type RoleItem } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '@/api/feedback';
import { dataRuleKeys, queryRoleDataRule, saveRoleDataRule } from '@/api/system/data-rule';
import { ruleSummary } from './data-rule-text';

/**
 * 数据规则 a role applies on one menu: a checklist of the menu's rules. Saving replaces the role's
 * selection for that menu only; its holders see the narrowed list with their next request.
 */
export function RoleDataRuleDrawer({
  role,
  menu,
  open,
  onClose,
}: {
  role: Pick<RoleItem, 'id' | 'roleName'>;
  menu: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: dataRuleKeys.ofRole(menu.id, role.id),
    queryFn: () => queryRoleDataRule(menu.id, role.id),
    enabled: open,
    staleTime: 0,
  });
  const [selected, setSelected] = useState<string[] | null>(null);
  useEffect(() => {
    if (current.data && selected === null) setSelected(current.data.selectedIds);
  }, [current.data, selected]);

  const save = useMutation({
    mutationFn: () => saveRoleDataRule({ permissionId: menu.id, roleId: role.id, dataRuleIds: selected ?? [] }),
    onSuccess: async () => {
      message.success('保存成功');
      await queryClient.invalidateQueries({ queryKey: dataRuleKeys.ofRole(menu.id, role.id) });
      onClose();
    },
  });

  const rules = current.data?.rules ?? [];
  const loading = current.isLoading || (current.data !== undefined && selected === null);

  return (
    <Drawer
      title={`数据规则：${role.roleName} · ${menu.name}`}
      width={520}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={loading || current.isError}
            onClick={() => save.mutate()}
          >
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : current.isError ? (
        <Empty description="规则加载失败，请稍后重试" />
      ) : rules.length === 0 ? (
        <Empty description="该菜单还没有数据规则，可在「菜单管理」中为该菜单添加" />
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            message="勾选的启用规则同时生效（并且关系）；不勾选任何规则则不限制。变量按每次请求的当前用户取值。"
          />
          <Space>
            <Typography.Link onClick={() => setSelected(rules.map((r) => r.id))}>全部勾选</Typography.Link>
            <Typography.Link onClick={() => setSelected([])}>全部取消</Typography.Link>
            <Typography.Text type="secondary">已选 {selected?.length ?? 0} 条</Typography.Text>
          </Space>
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
            value={selected ?? []}
            onChange={(values) => setSelected(values.map(String))}
          >
            {rules.map((rule) => (
              <Checkbox key={rule.id} value={rule.id}>
                <Space direction="vertical" size={0}>
                  <Space size={6}>
                    <span>{rule.ruleName}</span>
                    {rule.status !== DATA_RULE_STATUS.enabled && <Tag>已停用</Tag>}
                  </Space>
                  <Typography.Text type="secondary">{ruleSummary(rule)}</Typography.Text>
                </Space>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Space>
      )}
    </Drawer>
  );
}

/** Menu (menuType 1) ids → names in the assign tree: the nodes that can carry 数据规则. */
export function menusOf(nodes: readonly PermissionTreeNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (node.menuType === MENU_TYPE.menu) into.set(node.key, node.title);
    menusOf(node.children, into);
  }
  return into;
}
