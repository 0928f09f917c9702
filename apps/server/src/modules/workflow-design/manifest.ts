import { WorkflowDesignPerm as P } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../platform/module.js';
import { workflowDesignRoutes } from './routes.js';

/**
 * 流程设计: every machine the modules register with the workflow kernel, drawn as a diagram, with the
 * versioned configuration of its review steps (who decides, deadlines, reminders, skipped classes).
 */
export const workflowDesignModule = defineModule({
  name: 'workflow-design',
  routes: [workflowDesignRoutes],
  referenceSteps: [
    {
      version: 25,
      summary: '流程设计：流程设计菜单和权限',
      async apply(db, { addMissingMenus }) {
        await addMissingMenus(db);
      },
    },
  ],
  menus: [
    {
      parent: '/system',
      order: 17,
      name: '流程设计',
      menuType: 1,
      path: '/system/workflowDesign',
      component: 'admin/system/WorkflowDesignPage',
      icon: 'PartitionOutlined',
      perms: P.list,
      children: [button('保存流程配置', P.edit)],
    },
  ],
});
