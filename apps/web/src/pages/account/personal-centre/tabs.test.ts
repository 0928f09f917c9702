import { PERSONAL_CENTRE_PATH as CONTRACT_PATH, MY_APPLICATIONS_PAGE, PERSONAL_CENTRE_TAB } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { CENTRE_TABS, centrePath, PERSONAL_CENTRE_PATH, tabOfCurrent } from './tabs';

describe('个人中心 tabs by `current`', () => {
  it('uses the contract’s numbers (decision messages link by them)', () => {
    expect(PERSONAL_CENTRE_PATH).toBe(CONTRACT_PATH);
    for (const tab of CENTRE_TABS) expect(tab.current).toBe(PERSONAL_CENTRE_TAB[tab.key]);
    const link = new URL(MY_APPLICATIONS_PAGE, 'http://x');
    expect(link.pathname).toBe(PERSONAL_CENTRE_PATH);
    expect(tabOfCurrent(link.searchParams.get('current'))).toBe('applications');
  });

  it('opens 消息 for 5, as the spec says, and each tab for its number', () => {
    expect(tabOfCurrent('5')).toBe('messages');
    expect(tabOfCurrent(' 2 ')).toBe('services');
    expect(tabOfCurrent('3')).toBe('apps');
    expect(tabOfCurrent('4')).toBe('applications');
    expect([tabOfCurrent('7'), tabOfCurrent('8'), tabOfCurrent('9')]).toEqual([
      'collections',
      'evaluations',
      'activity',
    ]);
    expect(tabOfCurrent('1')).toBe('info');
    expect(tabOfCurrent('11')).toBe('notify');
    expect(tabOfCurrent('12')).toBe('interaction');
  });

  it('opens 基本信息 for a missing or unknown tab', () => {
    for (const value of [null, undefined, '', '0', '99', 'abc', '5.5']) expect(tabOfCurrent(value)).toBe('info');
  });

  it('writes a tab’s address with extra query', () => {
    expect(centrePath('messages', { mesageType: '未读' })).toBe(
      `${PERSONAL_CENTRE_PATH}?current=5&mesageType=${encodeURIComponent('未读')}`,
    );
    expect(centrePath('applications')).toBe(`${PERSONAL_CENTRE_PATH}?current=4`);
  });
});
