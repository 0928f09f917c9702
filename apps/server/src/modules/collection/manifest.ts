import { seedJobs } from '../../db/seed/jobs.js';
import { defineModule } from '../../platform/module.js';
import { collectionRoutes } from './routes.js';
import { syncMountedTables } from './sync-job.js';

/** 数据归集: table mounts synced into the datastore, with their update log. */
export const collectionModule = defineModule({
  name: 'collection',
  routes: [collectionRoutes],
  jobs: [syncMountedTables],
  referenceSteps: [
    {
      version: 5,
      summary: '库表挂载同步任务',
      async apply(db) {
        await seedJobs(db);
      },
    },
  ],
});
