import type { ServiceMatter, ServiceMatterInput } from '@odp/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { catalogueServiceMatters } from '../../../db/schema/index.js';

const s = catalogueServiceMatters;
export type ServiceMatterRow = typeof s.$inferSelect;

/** A stored service matter as every view shows it. */
export function presentServiceMatter(r: ServiceMatterRow): ServiceMatter {
  return {
    businessCode: r.businessCode,
    businessName: r.businessName,
    eventType: r.eventType,
    eventLevel: r.eventLevel,
    directoryCode: r.directoryCode,
    itemData: r.itemData,
    implementationCode: r.implementationCode,
    implementationName: r.implementationName,
    drivingLevel: r.drivingLevel,
    resultType: r.resultType,
    applicationScenario: r.applicationScenario,
    applicationScenarioDescribe: r.applicationScenarioDescribe,
    provideChannels: r.provideChannels ?? [],
    electronicLicense: r.electronicLicense,
  };
}

export async function serviceMatterOf(db: Executor, catalogId: string): Promise<ServiceMatter | null> {
  const [row] = await db.select().from(s).where(eq(s.catalogId, catalogId));
  return row ? presentServiceMatter(row) : null;
}

/** The service matters of several entries at once (the catalogue's export). */
export async function serviceMattersOf(db: Executor, catalogIds: string[]): Promise<Map<string, ServiceMatter>> {
  if (catalogIds.length === 0) return new Map();
  const rows = await db.select().from(s).where(inArray(s.catalogId, catalogIds));
  return new Map(rows.map((r) => [r.catalogId, presentServiceMatter(r)]));
}

/**
 * Stores the form's 服务事项 in the caller's transaction: 是 writes the row (the contract has checked
 * the required fields), 否 removes it, and a form that left the section out changes nothing.
 */
export async function writeServiceMatter(tx: Executor, catalogId: string, input: ServiceMatterInput | undefined) {
  if (!input) return;
  if (input.relatedGovernment !== '1') {
    await tx.delete(s).where(eq(s.catalogId, catalogId));
    return;
  }
  const values = {
    businessCode: input.businessCode ?? '',
    businessName: input.businessName ?? '',
    eventType: input.eventType ?? '',
    eventLevel: input.eventLevel ?? null,
    directoryCode: input.directoryCode ?? null,
    itemData: input.itemData ?? null,
    implementationCode: input.implementationCode ?? '',
    implementationName: input.implementationName ?? '',
    drivingLevel: input.drivingLevel ?? null,
    resultType: input.resultType ?? null,
    applicationScenario: input.applicationScenario ?? null,
    applicationScenarioDescribe: input.applicationScenarioDescribe ?? null,
    provideChannels: input.provideChannels ?? [],
    electronicLicense: input.electronicLicense ?? '0',
  };
  await tx
    .insert(s)
    .values({ catalogId, ...values })
    .onConflictDoUpdate({ target: s.catalogId, set: { ...values, updatedAt: sql`now()` } });
}

/** A copy of an entry serves the same item. */
export async function copyServiceMatter(tx: Executor, fromId: string, toId: string) {
  const [row] = await tx.select().from(s).where(eq(s.catalogId, fromId));
  if (!row) return;
  const { catalogId: _id, updatedAt: _at, ...values } = row;
  await tx.insert(s).values({ catalogId: toId, ...values });
}
