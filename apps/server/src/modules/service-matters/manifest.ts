import { and, eq } from 'drizzle-orm';
import { dicts } from '../../db/schema/index.js';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';
import { defineModule } from '../../platform/module.js';
import { serviceMattersRoutes } from './routes.js';
import { countMatterHits, matterHitsPage } from './search.js';

/**
 * 事项主线目录: the public catalogue of published entries that serve a government service item
 * (the entry form's 服务事项, kept in data_catalog_service_matter by the catalogue), its facet counts
 * and the departments providing them.
 * Site search finds them under their own tab.
 */
export const serviceMattersModule = defineModule({
  name: 'service-matters',
  routes: [serviceMattersRoutes],
  searchTabs: [{ type: 'matters', kind: 'cards', count: countMatterHits, page: matterHitsPage }],
  referenceSteps: [
    {
      version: 16,
      summary: '服务事项：是否电子证照字典，行使层级字典改为国家级至村（社区）级',
      async apply(db) {
        // driving_level was seeded as 网上办理深度; no entry used it before the 服务事项 section.
        await syncDictionaryItems(db, ['driving_level'], { relabel: true });
        await db
          .update(dicts)
          .set({ dictName: '行使层级', description: '行使层级' })
          .where(and(eq(dicts.dictCode, 'driving_level'), eq(dicts.dictName, '网上办理深度')));
        await syncDictionaryItems(db, [
          'electronic_certificate',
          'event_type',
          'event_classification',
          'result_type',
          'application_scenario',
          'scenario_description',
          'provide_channels',
        ]);
      },
    },
  ],
});
