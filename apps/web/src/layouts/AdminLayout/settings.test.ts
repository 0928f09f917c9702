import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normaliseSettings } from './settings';

describe('normaliseSettings', () => {
  it('keeps the spec defaults as they are', () => {
    expect(normaliseSettings(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      color: '#1890FF',
      navTheme: 'light',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
    });
  });

  it('allows Fluid only with the top menu and no fixed side menu there', () => {
    expect(normaliseSettings({ ...DEFAULT_SETTINGS, contentWidth: 'Fluid' }).contentWidth).toBe('Fixed');
    const top = normaliseSettings({ ...DEFAULT_SETTINGS, layout: 'topmenu', contentWidth: 'Fluid' });
    expect(top).toMatchObject({ contentWidth: 'Fluid', fixSiderbar: false });
  });

  it('hides the header on scroll only when it is fixed', () => {
    const s = normaliseSettings({ ...DEFAULT_SETTINGS, fixedHeader: false, autoHideHeader: true });
    expect(s.autoHideHeader).toBe(false);
  });
});
