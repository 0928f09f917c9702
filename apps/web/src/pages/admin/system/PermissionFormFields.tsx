import {
  ProForm,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { MENU_TYPE, PermissionFields, type PermissionNode } from '@odp/contracts';
import { zodRule } from '@/components/ResourcePage';
import { IconSelect } from './IconSelect';

const field = PermissionFields.shape;

/** What the menu form holds; `PermissionCreateInput` / `PermissionUpdateInput` turn it into the request. */
export type PermissionFormValues = Omit<PermissionNode, 'id' | 'createTime' | 'children'>;

export const emptyPermission = (parentId: string | null, menuType: number): PermissionFormValues => ({
  parentId,
  name: '',
  menuType: menuType as PermissionFormValues['menuType'],
  path: null,
  component: null,
  redirect: null,
  icon: null,
  url: null,
  perms: null,
  hidden: false,
  alwaysShow: false,
  keepAlive: false,
  internalOrExternal: false,
  sortNo: 0,
  status: '0',
});

type ParentOption = { value: string; title: string; children?: ParentOption[] };

/** Directories and menus can hold children; buttons cannot, and an entry cannot move under itself. */
function parentOptions(nodes: PermissionNode[], excludeId?: string): ParentOption[] {
  return nodes
    .filter((n) => n.menuType !== MENU_TYPE.button && n.id !== excludeId)
    .map((n) => {
      const children = parentOptions(n.children ?? [], excludeId);
      return { value: n.id, title: n.name, ...(children.length ? { children } : {}) };
    });
}

/** Every field of a menu entry (spec §3); which ones show depends on the type. */
export function PermissionFormFields({ tree, editingId }: { tree: PermissionNode[]; editingId?: string }) {
  return (
    <>
      <ProFormRadio.Group
        name="menuType"
        label="菜单类型"
        radioType="button"
        options={[
          { value: MENU_TYPE.directory, label: '目录' },
          { value: MENU_TYPE.menu, label: '菜单' },
          { value: MENU_TYPE.button, label: '按钮/权限' },
        ]}
      />
      <ProFormText name="name" label="名称" placeholder="请输入名称" rules={[zodRule(field.name)]} />
      <ProFormTreeSelect
        name="parentId"
        label="上级菜单"
        placeholder="不选则为顶级"
        allowClear
        fieldProps={{
          treeData: parentOptions(tree, editingId),
          treeDefaultExpandAll: true,
          showSearch: true,
          treeNodeFilterProp: 'title',
        }}
      />
      <ProFormDependency name={['menuType', 'internalOrExternal']}>
        {({ menuType, internalOrExternal }) => {
          const isButton = menuType === MENU_TYPE.button;
          return (
            <>
              {!isButton && (
                <>
                  <ProFormText
                    name="path"
                    label="路由地址"
                    placeholder="如 /system/Role"
                    rules={[{ required: true, message: '目录和菜单必须填写路由地址' }, zodRule(field.path)]}
                  />
                  <ProFormText
                    name="component"
                    label="前端组件"
                    placeholder="如 admin/system/RolePage，目录填 layouts/RouteView"
                    rules={[zodRule(field.component)]}
                  />
                  <ProFormText name="redirect" label="默认跳转地址" rules={[zodRule(field.redirect)]} />
                  <ProForm.Item name="icon" label="图标">
                    <IconSelect />
                  </ProForm.Item>
                  <ProFormSwitch name="internalOrExternal" label="外部链接" tooltip="开启后在新窗口打开下方地址" />
                  {internalOrExternal && (
                    <ProFormText
                      name="url"
                      label="链接地址"
                      placeholder="https://"
                      rules={[{ required: true, message: '请输入链接地址' }, zodRule(field.url)]}
                    />
                  )}
                  <ProFormSwitch name="hidden" label="隐藏菜单" tooltip="隐藏后仍可通过路由访问" />
                  <ProFormSwitch name="alwaysShow" label="总是显示" tooltip="只有一个下级时也显示本级" />
                  <ProFormSwitch name="keepAlive" label="缓存页面" />
                </>
              )}
              <ProFormText
                name="perms"
                label="授权标识"
                placeholder="如 system:role:add"
                tooltip="服务端按此编码校验接口权限；按钮必填"
                rules={[
                  ...(isButton ? [{ required: true, message: '按钮必须填写授权标识' }] : []),
                  zodRule(field.perms),
                ]}
              />
            </>
          );
        }}
      </ProFormDependency>
      <ProFormDigit name="sortNo" label="排序" min={0} max={99999} fieldProps={{ precision: 0 }} />
      <ProFormRadio.Group
        name="status"
        label="状态"
        options={[
          { value: '0', label: '启用' },
          { value: '1', label: '停用' },
        ]}
      />
    </>
  );
}
