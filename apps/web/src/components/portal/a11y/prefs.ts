import { readLocal, writeLocal } from '@/session/storage';

/**
 * The portal's 无障碍 / 长者模式 choices (GB/T 37668 and the national 适老化 programme): larger text,
 * high contrast and the spec's 色弱模式. Each is a class on the root element, so every page and every
 * pop-up (drawers and dialogs render under body) follows, and a filter on the root keeps fixed parts fixed.
 */
export type A11yPrefs = { large: boolean; contrast: boolean; weak: boolean };

export const A11Y_KEY = 'portal_a11y';

export const NO_PREFS: A11yPrefs = { large: false, contrast: false, weak: false };

export const A11Y_CLASSES: Record<keyof A11yPrefs, string> = {
  large: 'a11y-large',
  contrast: 'a11y-contrast',
  // The same class (and filter) as the back office's colour-weak switch.
  weak: 'color-weak',
};

/** The stored choice; anything unreadable (an older shape, a hand-edited value) counts as no choice. */
export function readPrefs(): A11yPrefs {
  const stored = readLocal<Partial<A11yPrefs>>(A11Y_KEY);
  if (!stored || typeof stored !== 'object') return NO_PREFS;
  return {
    large: stored.large === true,
    contrast: stored.contrast === true,
    weak: stored.weak === true,
  };
}

/** Kept without expiry: an elderly visitor should not have to find the switch again next month. */
export function savePrefs(prefs: A11yPrefs) {
  writeLocal(A11Y_KEY, prefs, null);
}

export function applyPrefs(prefs: A11yPrefs, root: HTMLElement = document.documentElement) {
  for (const key of Object.keys(A11Y_CLASSES) as (keyof A11yPrefs)[]) {
    root.classList.toggle(A11Y_CLASSES[key], prefs[key]);
  }
}
