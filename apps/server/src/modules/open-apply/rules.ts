import { OPEN_APPLY_RULE_DEFAULTS, OPEN_APPLY_RULE_DICT } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dictItems, dicts } from '../../db/schema/index.js';

/** The platform's rule for open applications (dict `open_apply_rule`), read at each decision. */
export type OpenApplyRules = {
  /** The bureau reviews after the provider; otherwise the provider's approval grants. */
  bureauReview: boolean;
  /** Calls a day of a granted key. */
  dailyQuota: number;
  /** 'year': a usage report every year of the period as well as at its end. */
  reportCycle: 'period' | 'year';
};

export async function readRules(db: Executor): Promise<OpenApplyRules> {
  const items = await db
    .select({ value: dictItems.itemValue, text: dictItems.itemText })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, OPEN_APPLY_RULE_DICT), eq(dictItems.status, 1)));
  const set = new Map(items.map((i) => [i.value, i.text.trim()]));
  const text = (key: keyof typeof OPEN_APPLY_RULE_DEFAULTS) => set.get(key) ?? OPEN_APPLY_RULE_DEFAULTS[key];
  const quota = Number(text('default_daily_quota'));
  return {
    bureauReview: text('bureau_review') !== '0',
    // A missing or unreadable quota keeps the shipped one rather than opening the key without a limit.
    dailyQuota:
      Number.isSafeInteger(quota) && quota > 0 && quota <= 2_147_483_647
        ? quota
        : Number(OPEN_APPLY_RULE_DEFAULTS.default_daily_quota),
    reportCycle: text('report_cycle') === 'year' ? 'year' : 'period',
  };
}
