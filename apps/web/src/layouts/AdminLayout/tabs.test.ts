import { Messages } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { closeAround, closeTab, HOME_TAB, openTab, type TabState } from './tabs';

const tab = (key: string) => ({ key, title: key });
const keys = (s: TabState) => s.tabs.map((t) => t.key);
const start: TabState = { tabs: [HOME_TAB, tab('/a'), tab('/b'), tab('/c'), tab('/d')], activeKey: '/c' };

describe('openTab', () => {
  it('adds a new tab at the end and activates it', () => {
    const next = openTab({ tabs: [HOME_TAB], activeKey: HOME_TAB.key }, tab('/a'));
    expect(keys(next)).toEqual([HOME_TAB.key, '/a']);
    expect(next.activeKey).toBe('/a');
  });

  it('activates an open tab without duplicating it', () => {
    const next = openTab(start, tab('/a'));
    expect(keys(next)).toEqual(keys(start));
    expect(next.activeKey).toBe('/a');
  });
});

describe('closeTab', () => {
  it('refuses to close the home tab', () => {
    const next = closeTab(start, HOME_TAB.key);
    expect(next.error).toBe(Messages.homeTabCannotClose);
    expect(next.tabs).toBe(start.tabs);
  });

  it('refuses to close the last tab', () => {
    const next = closeTab({ tabs: [tab('/a')], activeKey: '/a' }, '/a');
    expect(next.error).toBe(Messages.lastTabCannotClose);
    expect(keys(next)).toEqual(['/a']);
  });

  it('closing the active tab activates its left neighbour', () => {
    const next = closeTab(start, '/c');
    expect(next.error).toBeUndefined();
    expect(keys(next)).toEqual([HOME_TAB.key, '/a', '/b', '/d']);
    expect(next.activeKey).toBe('/b');
  });

  it('closing another tab keeps the active one', () => {
    const next = closeTab(start, '/a');
    expect(keys(next)).toEqual([HOME_TAB.key, '/b', '/c', '/d']);
    expect(next.activeKey).toBe('/c');
  });
});

describe('closeAround', () => {
  it('closes the tabs on the left but keeps home', () => {
    const next = closeAround(start, '/c', 'left');
    expect(keys(next)).toEqual([HOME_TAB.key, '/c', '/d']);
    expect(next.activeKey).toBe('/c');
  });

  it('closes the tabs on the right and activates the clicked tab if the active one went', () => {
    const next = closeAround(start, '/a', 'right');
    expect(keys(next)).toEqual([HOME_TAB.key, '/a']);
    expect(next.activeKey).toBe('/a');
  });

  it('closes all others but home', () => {
    const next = closeAround(start, '/b', 'others');
    expect(keys(next)).toEqual([HOME_TAB.key, '/b']);
    expect(next.activeKey).toBe('/b');
  });

  it('closing others from home leaves home alone', () => {
    expect(keys(closeAround(start, HOME_TAB.key, 'others'))).toEqual([HOME_TAB.key]);
  });
});
