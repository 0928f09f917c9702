import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { type FormMode, zodRule } from '@/components/ResourcePage';
import type { ParseableSchema } from '@/components/ResourcePage/zod-rule';

type Props = {
  mode: FormMode;
  /** The create schema's fields: a platform role and a department role check them alike, but each by its own contract. */
  field: Record<'roleName' | 'roleCode' | 'description', ParseableSchema>;
};

/** The fields of a role form, for 角色管理 and a department's 部门角色. */
export function RoleFormFields({ mode, field }: Props) {
  return (
    <>
      <ProFormText name="roleName" label="角色名称" placeholder="请输入角色名称" rules={[zodRule(field.roleName)]} />
      <ProFormText
        name="roleCode"
        label="角色编码"
        placeholder="字母开头，字母、数字或下划线"
        // Grants, members and the seed refer to the code, so it is fixed once created.
        disabled={mode === 'edit'}
        rules={mode === 'create' ? [zodRule(field.roleCode)] : []}
      />
      <ProFormTextArea name="description" label="描述" placeholder="请输入描述" rules={[zodRule(field.description)]} />
    </>
  );
}
