import type { DepartMemberItem, DepartRoleItem } from '@odp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Checkbox, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { queryKeys } from '@/api/query-keys';
import { departKeys, listDepartMembers, listDepartRoles, saveMemberDepartRoles } from '@/api/system/depart';

/** Every role of the department, for the assignment dialog and the role names in the member list. */
function useDepartRoles(departId: string) {
  const params = { deptId: departId, pageNo: 1, pageSize: 200 };
  return useQuery({ queryKey: departKeys.roles.list(params), queryFn: () => listDepartRoles(params) });
}

function AssignRolesModal({
  departId,
  member,
  roles,
  onClose,
}: {
  departId: string;
  member: DepartMemberItem;
  roles: DepartRoleItem[];
  onClose: () => void;
}) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(member.roleIds);
  const save = useMutation({
    mutationFn: () => saveMemberDepartRoles(member.userId, departId, chosen, member.roleIds),
    onSuccess: async () => {
      message.success('角色分配已保存');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: departKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.permission }),
      ]);
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`分配部门角色：${member.realname}（${member.username}）`}
      okText="保存"
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {roles.length === 0 ? (
        <Empty description="本部门还没有角色，请先在上方新增部门角色" />
      ) : (
        <Checkbox.Group
          value={chosen}
          onChange={(values) => setChosen(values.map(String))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={roles.map((r) => ({ value: r.id, label: `${r.roleName}（${r.roleCode}）` }))}
        />
      )}
    </Modal>
  );
}

/**
 * 成员角色: the department's members and the department roles each holds. Only members are listed,
 * since only they may hold the department's roles.
 */
export function DepartMemberRoles({ departId }: { departId: string }) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<DepartMemberItem | null>(null);
  const params = { departId, username: keyword || undefined, ...page };
  const members = useQuery({
    queryKey: departKeys.members(params),
    queryFn: () => listDepartMembers(params),
    placeholderData: keepPreviousData,
  });
  const roles = useDepartRoles(departId);
  const roleName = new Map((roles.data?.records ?? []).map((r) => [r.id, r.roleName]));

  return (
    <Card
      title="成员角色"
      size="small"
      style={{ marginTop: 16 }}
      extra={
        <Input.Search
          allowClear
          placeholder="按账号或姓名搜索成员"
          style={{ width: 220 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
      }
    >
      <Table<DepartMemberItem>
        rowKey="userId"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本部门暂无成员" /> }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: members.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 名成员`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: '用户账号', dataIndex: 'username', width: 140 },
          { title: '姓名', dataIndex: 'realname', width: 120 },
          {
            title: '部门角色',
            dataIndex: 'roleIds',
            render: (ids: string[]) =>
              ids.length ? (
                <Space size={4} wrap>
                  {ids.map((id) => (
                    <Tag key={id}>{roleName.get(id) ?? '…'}</Tag>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">未分配</Typography.Text>
              ),
          },
          {
            title: '操作',
            width: 100,
            render: (_v, member) => <Typography.Link onClick={() => setEditing(member)}>分配角色</Typography.Link>,
          },
        ]}
      />
      {editing && (
        <AssignRolesModal
          departId={departId}
          member={editing}
          roles={roles.data?.records ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
