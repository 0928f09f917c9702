import type { MenuItem } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { menuRoutes, menuTitles, visibleMenu } from './menu';

const item = (path: string, over: Partial<MenuItem> = {}): MenuItem => ({
  id: path,
  path,
  name: path,
  component: `admin${path}`,
  redirect: null,
  hidden: false,
  alwaysShow: false,
  route: true,
  meta: { title: path, keepAlive: false, internalOrExternal: false },
  ...over,
});

describe('visibleMenu', () => {
  it('drops hidden entries', () => {
    const menu = [item('/a'), item('/b', { hidden: true })];
    expect(visibleMenu(menu).map((m) => m.path)).toEqual(['/a']);
  });

  it('drops a parent whose children are all hidden, at any depth', () => {
    const menu = [
      item('/p', { children: [item('/p/x', { hidden: true }), item('/p/y', { hidden: true })] }),
      item('/q', { children: [item('/q/r', { children: [item('/q/r/s', { hidden: true })] })] }),
      item('/keep', { children: [item('/keep/a', { hidden: true }), item('/keep/b')] }),
    ];
    const shown = visibleMenu(menu);
    expect(shown.map((m) => m.path)).toEqual(['/keep']);
    expect(shown[0].children?.map((m) => m.path)).toEqual(['/keep/b']);
  });

  it('keeps a leaf without children and does not change the input', () => {
    const menu = [item('/p', { children: [item('/p/x', { hidden: true }), item('/p/y')] })];
    visibleMenu(menu);
    expect(menu[0].children).toHaveLength(2);
  });
});

describe('menuRoutes and menuTitles', () => {
  it('routes every entry with a component, hidden ones too, but not directories without one', () => {
    const menu = [
      item('/system', {
        component: null,
        children: [item('/system/User'), item('/system/detail', { hidden: true }), item('/x', { route: false })],
      }),
    ];
    expect(menuRoutes(menu).map((r) => r.path)).toEqual(['/system/User', '/system/detail']);
    expect(menuTitles(menu).get('/system/User')).toBe('/system/User');
    expect(menuTitles(menu).has('/system')).toBe(true);
  });
});
