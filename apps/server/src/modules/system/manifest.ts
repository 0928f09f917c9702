import { addMissingDictionaries } from '../../db/seed/dictionary-sync.js';
import { seedFillRules } from '../../db/seed/fill-rules.js';
import { seedJobs } from '../../db/seed/jobs.js';
import { defineModule } from '../../platform/module.js';

/** 系统管理: the directory the administration modules put their menus in, and the release that brought most of them. */
export const systemModule = defineModule({
  name: 'system',
  menus: [
    {
      order: 3,
      name: '系统管理',
      menuType: 0,
      path: '/system',
      component: 'layouts/RouteView',
      icon: 'SettingOutlined',
    },
  ],
  referenceSteps: [
    {
      version: 2,
      summary: '系统管理（部门、租户、规则、轮播图、公告、定时任务）与消息中心的菜单，维护任务与填值规则',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
        await seedJobs(db);
        await seedFillRules(db);
      },
    },
    {
      version: 3,
      summary: '待办期限提醒任务，办理时限的法定节假日与调休上班日字典',
      async apply(db) {
        await addMissingDictionaries(db);
        await seedJobs(db);
      },
    },
  ],
});
