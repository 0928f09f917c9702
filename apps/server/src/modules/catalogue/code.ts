import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogues } from '../../db/schema/index.js';
import { nextSequence } from '../../platform/sequence.js';

/** Kept for the callers that take category numbers from here; the sequence itself is shared. */
export { nextSequence };

/**
 * The fill rule of 信息资源代码 (sys_check_rule `catalog_code`): 类 (1 基础库, 2 专题库, 3 其他) - 项
 * (the key area, 2 digits) - 目 (the department's number, 3 digits) - a sequence number (4 digits)
 * per prefix, e.g. `3-06-003-0001`.
 */
export function codePrefix(entry: { baseLibrary: string; keyAreasType: string; orgCode: string }): string {
  const kind = entry.baseLibrary === '1' ? '1' : entry.baseLibrary === '2' ? '2' : '3';
  const area = String(Number.parseInt(entry.keyAreasType, 10) || 0).padStart(2, '0');
  return `${kind}-${area}-${departSegment(entry.orgCode)}`;
}

/** The department's number from the digits of its orgCode (BJ003 → 003, BJQ01 → 001). */
export function departSegment(orgCode: string): string {
  const digits = orgCode.replace(/\D/g, '');
  return (digits.slice(-3) || '0').padStart(3, '0');
}

/**
 * A new, unused catalogue code. Codes written without the sequence (imports of old catalogues,
 * hand-made demo data) are skipped over rather than collided with.
 */
export async function nextCatalogCode(
  db: Executor,
  entry: { baseLibrary: string; keyAreasType: string; orgCode: string },
): Promise<string> {
  const prefix = codePrefix(entry);
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = `${prefix}-${String(await nextSequence(db, prefix)).padStart(4, '0')}`;
    const [taken] = await db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(eq(catalogues.catalogCode, code))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error(`no free catalogue code for ${prefix}`);
}
