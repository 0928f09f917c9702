export const ROLE_SEEDS = [
  { roleCode: 'admin', roleName: '系统管理员', description: '用户、角色、部门、菜单、字典、公告、任务与站点内容' },
  { roleCode: 'reviewer', roleName: '大数据局审核员', description: '审核目录、上下架、共享与开放申请、应用成果' },
  { roleCode: 'dept_admin', roleName: '部门数据管理员', description: '编目本部门数据资源、挂接、提交审核、上下架申请' },
  { roleCode: 'registered', roleName: '注册用户', description: '申请有条件开放数据与接口、收藏、评分、纠错、需求' },
] as const;
