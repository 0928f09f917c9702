import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CategoryAddInput, type CategoryNode, CategoryRootCode } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import {
  addCategoryNode,
  CATALOGUE_TREE,
  categoryKeys,
  deleteCategoryNode,
  getCategoryNodes,
  updateCategoryNode,
} from '@/api/category';
import { feedback } from '@/api/feedback';
import { zodRule } from '@/components/ResourcePage';
import { filterTree } from './category-tree';

type Editing = { mode: 'add'; parent: CategoryNode | null } | { mode: 'rename'; node: CategoryNode };

const ROOT_CODES = new Set<string>([CategoryRootCode.basic, CategoryRootCode.topic]);

/** 类目管理 (/cataloguemanage/category): the 基础/主题 category tree, edited in place. */
export default function CategoryPage() {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const tree = useQuery({
    queryKey: categoryKeys.tree(CATALOGUE_TREE),
    queryFn: () => getCategoryNodes(CATALOGUE_TREE),
  });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);

  const nodes = useMemo(() => filterTree(tree.data ?? [], keyword.trim()), [tree.data, keyword]);
  const allKeys = useMemo(() => {
    const keys: Key[] = [];
    const walk = (list: CategoryNode[]) => {
      for (const node of list) {
        if (node.children.length) keys.push(node.id);
        walk(node.children);
      }
    };
    walk(nodes);
    return keys;
  }, [nodes]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });

  const remove = async (node: CategoryNode) => {
    try {
      await deleteCategoryNode(node.id);
      message.success('删除成功');
      await refresh();
    } catch {
      // The server's reason (entries or children use it) is shown by the request client.
    }
  };

  const title = (node: CategoryNode) => {
    // The seeded roots stay (the server refuses them too); a root added here may go again.
    const isSystemRoot = node.categoryCode !== undefined && ROOT_CODES.has(node.categoryCode);
    return (
      <span className="category-node" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <span>{node.categoryName}</span>
        {node.categoryCode && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {node.categoryCode}
          </Typography.Text>
        )}
        {typeof node.count === 'number' && node.count > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            （{node.count} 条公开目录）
          </Typography.Text>
        )}
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="新增下级类目">
            <Button
              type="text"
              size="small"
              aria-label="新增下级类目"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'add', parent: node })}
            />
          </Tooltip>
          <Tooltip title="重命名">
            <Button
              type="text"
              size="small"
              aria-label="重命名"
              icon={<EditOutlined />}
              onClick={() => setEditing({ mode: 'rename', node })}
            />
          </Tooltip>
          {!isSystemRoot && (
            <Popconfirm
              title={`确定删除类目「${node.categoryName}」吗？`}
              description="类目下有目录或子类目时不能删除。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove(node)}
            >
              <Tooltip title="删除">
                <Button type="text" size="small" danger aria-label="删除" icon={<DeleteOutlined />} />
              </Tooltip>
            </Popconfirm>
          )}
        </Space>
      </span>
    );
  };

  return (
    <Card
      title="类目管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })}>
          新增一级类目
        </Button>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          维护基础信息资源目录和主题信息资源目录的分类；部门和区县目录随部门管理自动生成。编目时在“资源分类”中选择这里的类目。
        </Typography.Text>
        <Input.Search
          allowClear
          placeholder="按类目名称筛选"
          style={{ maxWidth: 320 }}
          onChange={(e) => setKeyword(e.target.value)}
        />
        {tree.isLoading ? (
          <Spin />
        ) : nodes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有匹配的类目' : '暂无类目'} />
        ) : (
          <Tree<CategoryNode>
            blockNode
            showLine
            selectable={false}
            treeData={nodes}
            fieldNames={{ key: 'id', children: 'children' }}
            expandedKeys={keyword || expanded === null ? allKeys : expanded}
            onExpand={(keys) => setExpanded(keys)}
            titleRender={title}
          />
        )}
      </Space>
      {editing && <CategoryModal editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </Card>
  );
}

function CategoryModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { message } = feedback;
  const [form] = Form.useForm<{ categoryName: string }>();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const rename = editing.mode === 'rename';

  const save = async () => {
    let categoryName: string;
    try {
      ({ categoryName } = await form.validateFields());
    } catch {
      return; // The form shows what is missing.
    }
    setSaving(true);
    try {
      if (editing.mode === 'rename') {
        await updateCategoryNode({ id: editing.node.id, categoryName: categoryName.trim() });
        message.success('修改成功');
      } else {
        await addCategoryNode({ parentId: editing.parent?.id ?? null, categoryName: categoryName.trim() });
        message.success('添加成功');
      }
      await onSaved();
      setOpen(false);
    } catch {
      // Shown by the request client (e.g. a duplicate name under the same parent).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={
        rename ? '重命名类目' : editing.parent ? `新增「${editing.parent.categoryName}」的下级类目` : '新增一级类目'
      }
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      maskClosable={false}
    >
      <Form
        form={form}
        layout="vertical"
        name="category"
        initialValues={{ categoryName: rename ? editing.node.categoryName : '' }}
        onFinish={save}
      >
        <Form.Item name="categoryName" label="类目名称" rules={[zodRule(CategoryAddInput.shape.categoryName)]}>
          <Input maxLength={50} placeholder="如：交通出行" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
