import { Constants, Messages } from '@odp/contracts';

/** The multi-tab rules of spec §2.3 as pure functions; the tab bar only renders their result. */
export type Tab = { key: string; title: string };
export type TabState = { tabs: Tab[]; activeKey: string };
export type TabChange = TabState & { error?: string };

export const HOME_TAB: Tab = { key: Constants.homePath, title: '首页' };

/** Back-office pages every signed-in user has without a menu entry, by path. */
export const TITLES_OUTSIDE_MENU: Readonly<Record<string, string>> = { '/test/home': '系统自检' };

export function openTab(state: TabState, tab: Tab): TabState {
  const exists = state.tabs.some((t) => t.key === tab.key);
  const tabs = exists ? state.tabs.map((t) => (t.key === tab.key ? tab : t)) : [...state.tabs, tab];
  return { tabs, activeKey: tab.key };
}

export function closeTab(state: TabState, key: string): TabChange {
  if (key === HOME_TAB.key) return { ...state, error: Messages.homeTabCannotClose };
  if (state.tabs.length <= 1) return { ...state, error: Messages.lastTabCannotClose };
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  const activeKey = state.activeKey === key ? tabs[Math.max(0, index - 1)].key : state.activeKey;
  return { tabs, activeKey };
}

type Side = 'left' | 'right' | 'others';

/** Closes tabs around `key`; the home tab always stays, and `key` becomes active if the active tab went. */
export function closeAround(state: TabState, key: string, side: Side): TabState {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return state;
  const tabs = state.tabs.filter((t, i) => {
    if (t.key === HOME_TAB.key || i === index) return true;
    if (side === 'left') return i > index;
    if (side === 'right') return i < index;
    return false;
  });
  const activeKey = tabs.some((t) => t.key === state.activeKey) ? state.activeKey : key;
  return { tabs, activeKey };
}
