import { Constants } from '@odp/contracts';
import { useState } from 'react';
import { readLocal, writeLocal } from '@/session';

/** The options of the settings drawer (spec §2.3, §3 app settings), kept per browser. */
export type LayoutSettings = {
  navTheme: 'dark' | 'light';
  color: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
};

export const DEFAULT_SETTINGS: LayoutSettings = {
  navTheme: 'light',
  color: Constants.primaryColor,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: true,
};

const KEY = 'layout_settings';

/**
 * Keeps the options consistent: Fluid width only with the top menu, hiding the header on scroll
 * only with a fixed header, and no fixed side menu with the top menu.
 */
export function normaliseSettings(s: LayoutSettings): LayoutSettings {
  return {
    ...s,
    contentWidth: s.layout === 'topmenu' ? s.contentWidth : 'Fixed',
    autoHideHeader: s.fixedHeader && s.autoHideHeader,
    fixSiderbar: s.layout === 'sidemenu' && s.fixSiderbar,
  };
}

/** Returns the settings in effect; the stored ones keep what the user chose for the other navigation mode. */
export function useLayoutSettings() {
  const [stored, setStored] = useState<LayoutSettings>(() => ({
    ...DEFAULT_SETTINGS,
    ...readLocal<Partial<LayoutSettings>>(KEY),
  }));
  const update = (patch: Partial<LayoutSettings> | null) => {
    const next = patch ? { ...stored, ...patch } : DEFAULT_SETTINGS;
    writeLocal(KEY, next, null);
    setStored(next);
  };
  return [normaliseSettings(stored), update] as const;
}
