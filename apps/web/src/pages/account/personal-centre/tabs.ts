import type { PERSONAL_CENTRE_TAB } from '@odp/contracts';

/**
 * 个人中心 (`/personalCenter/perCenter`): its tabs, chosen by the spec's query `current` (numbers as
 * the contract's `PERSONAL_CENTRE_TAB`; 5 is 消息 per the spec, 4 is where decision messages link).
 * `mesageType` (全部 / 未读) picks the messages' list; `peruuid` (a random id the original added to
 * force a fresh page) is accepted and ignored. 基本信息 (1) is the first tab: a missing or unknown
 * number opens it.
 *
 * Written out rather than imported: this file is on the portal's first load (the header, the router),
 * and the contract's module builds zod schemas at import. `tabs.test.ts` checks the numbers agree.
 */
export const PERSONAL_CENTRE_PATH = '/personalCenter/perCenter';

type TabNumbers = typeof PERSONAL_CENTRE_TAB;
/** A tab whose number is the contract's for its key. */
type Tab = { [K in keyof TabNumbers]: { key: K; current: TabNumbers[K]; label: string } }[keyof TabNumbers];

export const CENTRE_TABS = [
  { key: 'info', current: 1, label: '基本信息' },
  { key: 'applications', current: 4, label: '我的申请' },
  { key: 'services', current: 2, label: '我的服务' },
  { key: 'apps', current: 3, label: '我的应用' },
  { key: 'achievements', current: 6, label: '我的成果' },
  { key: 'interaction', current: 12, label: '我的互动' },
  { key: 'collections', current: 7, label: '我的收藏' },
  { key: 'evaluations', current: 8, label: '我的评价' },
  { key: 'messages', current: 5, label: '消息' },
  { key: 'activity', current: 9, label: '操作记录' },
  { key: 'bindings', current: 10, label: '账号绑定' },
  { key: 'notify', current: 11, label: '消息设置' },
] as const satisfies readonly Tab[];

export type CentreTabKey = (typeof CENTRE_TABS)[number]['key'];

/** The tab of a `current` value; anything unknown opens the first tab. */
export function tabOfCurrent(current: string | null | undefined): CentreTabKey {
  const value = Number((current ?? '').trim());
  return CENTRE_TABS.find((tab) => tab.current === value)?.key ?? CENTRE_TABS[0].key;
}

export const currentOfTab = (key: CentreTabKey) => String(CENTRE_TABS.find((tab) => tab.key === key)?.current ?? 1);

/** The address of a tab, e.g. `centrePath('messages', { mesageType: '未读' })`. */
export function centrePath(key: CentreTabKey, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ current: currentOfTab(key), ...extra });
  return `${PERSONAL_CENTRE_PATH}?${query}`;
}
