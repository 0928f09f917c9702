import { Perm } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { userDataRuleColumns } from './resource.js';
import { userRoutes } from './routes.js';

const USER_MENU = '/system/User';

export const userModule = defineModule({
  name: 'user',
  routes: [userRoutes],
  dataRuleLists: {
    [USER_MENU]: {
      columns: userDataRuleColumns,
      labels: {
        id: '用户ID',
        username: '用户账号',
        realname: '用户姓名',
        nickname: '昵称',
        phone: '手机号码',
        email: '邮箱',
        sex: '性别',
        status: '状态（1 正常，2 冻结）',
        orgCode: '当前部门编码',
        createTime: '创建时间',
      },
    },
  },
  menus: [
    {
      parent: '/system',
      order: 0,
      name: '用户管理',
      menuType: 1,
      path: USER_MENU,
      component: 'admin/system/UserPage',
      icon: 'UserOutlined',
      perms: Perm.userList,
      keepAlive: true,
      children: [
        button('新增用户', Perm.userAdd),
        button('编辑用户', Perm.userEdit),
        button('冻结/解冻', Perm.userFreeze),
        button('重置密码', Perm.userResetPassword),
        button('分配角色与部门', Perm.userAssign),
      ],
    },
  ],
});
