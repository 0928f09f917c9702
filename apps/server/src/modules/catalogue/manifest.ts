import { CataloguePerm as C } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { CATALOGUE_LIST_MENU, catalogueDataRuleColumns } from './entry/service.js';
import { catalogueSubject } from './lifecycle/subject.js';
import { catalogueRoutes } from './routes.js';
import { catalogueSearch } from './search.js';
import { markOverdueCatalogues } from './timeliness/mark-overdue.js';
import { pendingWorkOrderCount } from './workorder/service.js';

const CATALOGUE_STAFF = ['reviewer', 'dept_admin'];

/** Counters on the catalogue's menu entries at sign-in, by path. */
export const menuBadges = { '/review/catalogue': pendingWorkOrderCount };

export const catalogueModule = defineModule({
  name: 'catalogue',
  routes: [catalogueRoutes],
  jobs: [markOverdueCatalogues],
  subjects: [catalogueSubject],
  search: [catalogueSearch],
  dataRuleLists: {
    [CATALOGUE_LIST_MENU]: {
      columns: catalogueDataRuleColumns,
      labels: {
        catalogCode: '目录编码',
        catalogName: '目录名称',
        orgCode: '数源单位编码',
        createBy: '创建人ID',
        catalogStatus: '编目状态（0 草稿，1 待审核，2 审核通过，3 审核不通过）',
        shelfStatus: '上架状态',
        openType: '开放类型',
        shareType: '共享类型',
        keyAreasType: '重点领域',
        updateFrequency: '更新频率',
        dataFormat: '数据格式（file、table、api）',
        baseLibrary: '基础库',
        dataRange: '数据范围',
        createTime: '创建时间',
        updateTime: '更新时间',
        releaseTime: '发布时间',
      },
    },
  },
  badges: menuBadges,
  menus: [
    {
      order: 1,
      name: '数据目录',
      menuType: 0,
      path: '/cataloguemanage',
      component: 'layouts/RouteView',
      icon: 'DatabaseOutlined',
      roles: CATALOGUE_STAFF,
      children: [
        {
          name: '目录列表',
          menuType: 1,
          path: CATALOGUE_LIST_MENU,
          component: 'admin/catalogue/CatalogueListPage',
          icon: 'UnorderedListOutlined',
          perms: C.list,
          keepAlive: true,
          children: [
            button('新增目录', C.add, ['dept_admin']),
            button('编辑目录', C.edit, ['dept_admin']),
            button('提交审核/撤回', C.submit, ['dept_admin']),
            button('上架/下架申请', C.shelf, ['dept_admin']),
            button('导入目录', C.import, ['dept_admin']),
            button('导出目录', C.export, CATALOGUE_STAFF),
            button('删除/恢复目录', C.remove, []),
          ],
        },
        {
          name: '目录编辑',
          menuType: 1,
          path: '/cataloguemanage/edit',
          component: 'admin/catalogue/CatalogueFormPage',
          hidden: true,
          roles: ['dept_admin', 'reviewer'],
        },
        {
          name: '草稿箱',
          menuType: 1,
          path: '/cataloguemanage/drafts',
          component: 'admin/catalogue/DraftsPage',
          icon: 'FileTextOutlined',
          roles: ['dept_admin'],
        },
        {
          name: '编目日志',
          menuType: 1,
          path: '/cataloguemanage/logs',
          component: 'admin/catalogue/CatalogueLogPage',
          icon: 'HistoryOutlined',
        },
        {
          name: '类目管理',
          menuType: 1,
          path: '/cataloguemanage/category',
          component: 'admin/catalogue/CategoryPage',
          icon: 'ApartmentOutlined',
          perms: C.category,
          roles: [],
        },
      ],
    },
    {
      order: 2,
      name: '审核中心',
      menuType: 0,
      path: '/review',
      component: 'layouts/RouteView',
      icon: 'AuditOutlined',
      roles: ['reviewer'],
      children: [
        {
          name: '目录审核',
          menuType: 1,
          path: '/review/catalogue',
          component: 'admin/review/WorkOrderPage',
          icon: 'CheckSquareOutlined',
          perms: C.workOrder,
          keepAlive: true,
          children: [button('审核目录', C.review)],
        },
      ],
    },
  ],
});
