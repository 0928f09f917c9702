import { useSyncExternalStore } from 'react';

/** The portal's layout switch (as in the stylesheets): below it, side panels move into drawers. */
export const WIDE_SCREEN = '(min-width: 992px)';

/**
 * Whether a media query matches now, following changes. Parts that a narrow screen hides are not
 * rendered there at all, rather than rendered and hidden: a phone then neither builds nor measures them.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    // Where media queries are unknown (no layout engine), the wide layout.
    () => window.matchMedia?.(query).matches ?? true,
    () => true,
  );
}
