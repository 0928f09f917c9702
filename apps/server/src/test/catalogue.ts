import { randomBytes } from 'node:crypto';
import type { CatalogueCreateInput } from '@odp/contracts';
import type { Db } from '../db/client.js';
import { catalogueItems, catalogues, type users } from '../db/schema/index.js';
import type { Actor } from '../platform/auth/actor.js';
import { loadGrants } from '../platform/auth/sessions.js';

const uniq = () => randomBytes(4).toString('hex');

/** A valid body for /api/cataLog/save; every conditional rule satisfied. */
export function entryInput(overrides: Partial<CatalogueCreateInput> = {}): CatalogueCreateInput {
  return {
    catalogName: `测试目录${uniq()}`,
    catalogEn: null,
    businessDepartment: null,
    sourceSystem: null,
    contactPerson: '张三',
    contactPhone: '13800000000',
    informationSummary: '这是一条用于测试的信息资源摘要，描述了该资源的内容与用途。',
    keyAreasType: '6',
    keyAreasRemark: null,
    baseLibrary: '0',
    categoryId: null,
    dataRange: '3',
    shareType: '10',
    shareCondition: null,
    dontShareCondition: null,
    shareMode: 'file',
    openType: '1',
    openCondition: null,
    openSociety: true,
    applyNeedsVerified: false,
    updateFrequency: '7',
    inputFrequency: null,
    releaseTime: null,
    dataFormat: 'file',
    dataList: [
      {
        name: '线路名称',
        enName: 'line_name',
        dataType: 'C',
        dataLength: 50,
        shareProperty: '10',
        sharingCondition: null,
        openAttribute: '1',
        primaryKey: true,
        nullValue: false,
        dataLevel: '1',
        fieldDescription: null,
        masked: false,
      },
    ],
    ...overrides,
  };
}

/** An entry written straight to the database in any state, for tests that start mid-lifecycle. */
export async function createCatalogue(
  db: Db,
  opts: {
    orgCode: string;
    catalogStatus?: number;
    shelfStatus?: number;
    shelfStatusBeforeDelete?: number | null;
    catalogName?: string;
    openType?: string;
    shareType?: string;
    keyAreasType?: string;
    categoryId?: string | null;
    createdBy?: string | null;
    items?: string[];
  },
) {
  const id = uniq();
  const [row] = await db
    .insert(catalogues)
    .values({
      catalogCode: `9-99-${id}`,
      catalogName: opts.catalogName ?? `工厂目录${id}`,
      orgCode: opts.orgCode,
      informationSummary: '工厂生成的信息资源摘要，用于测试目录的各种状态流转。',
      keyAreasType: opts.keyAreasType ?? '6',
      shareType: opts.shareType ?? '10',
      openType: opts.openType ?? '1',
      updateFrequency: '7',
      dataFormat: 'file',
      categoryId: opts.categoryId ?? null,
      catalogStatus: opts.catalogStatus ?? 0,
      shelfStatus: opts.shelfStatus ?? 0,
      shelfStatusBeforeDelete: opts.shelfStatusBeforeDelete ?? null,
      createdBy: opts.createdBy ?? null,
    })
    .returning();
  if (opts.items?.length) {
    await db
      .insert(catalogueItems)
      .values(opts.items.map((name, i) => ({ catalogId: row.id, serialNumber: i + 1, name, dataType: 'C' })));
  }
  return row;
}

/** The actor a signed-in user becomes, for calling services directly. */
export async function actorOfUser(db: Db, user: typeof users.$inferSelect): Promise<Actor> {
  const { perms, roleCodes } = await loadGrants(db, user.id);
  return {
    userId: user.id,
    username: user.username,
    realname: user.realname,
    orgCode: user.orgCode,
    sessionId: 'test',
    tenantId: 0,
    perms,
    roleCodes,
    ip: '127.0.0.1',
  };
}
