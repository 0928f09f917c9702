import type { PermissionTreeNode } from '@odp/contracts';
import { Space, Tag, type TreeDataNode, Typography } from 'antd';

const typeTag: Record<number, { label: string; color: string }> = {
  0: { label: '目录', color: 'blue' },
  1: { label: '菜单', color: 'green' },
  2: { label: '按钮', color: 'orange' },
};

/** The assign tree as antd draws it: each entry tagged 目录/菜单/按钮 and followed by its permission code. */
export function toPermissionTreeData(nodes: PermissionTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: (
      <Space size={4}>
        <Tag color={typeTag[node.menuType]?.color} bordered={false}>
          {typeTag[node.menuType]?.label}
        </Tag>
        {node.title}
        {node.perms && <Typography.Text type="secondary">{node.perms}</Typography.Text>}
      </Space>
    ),
    children: node.children.length ? toPermissionTreeData(node.children) : undefined,
  }));
}
