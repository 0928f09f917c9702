import { useCallback, useEffect, useState } from 'react';
import { type A11yPrefs, applyPrefs, NO_PREFS, readPrefs, savePrefs } from './prefs';

/**
 * The visitor's stored choice, applied while the portal is shown and taken off when it is left (the back
 * office has its own settings).
 */
export function useA11yPrefs() {
  const [prefs, setPrefs] = useState<A11yPrefs>(readPrefs);
  useEffect(() => {
    applyPrefs(prefs);
    return () => applyPrefs(NO_PREFS);
  }, [prefs]);
  const toggle = useCallback((key: keyof A11yPrefs) => {
    setPrefs((current) => {
      const next = { ...current, [key]: !current[key] };
      savePrefs(next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    savePrefs(NO_PREFS);
    setPrefs(NO_PREFS);
  }, []);
  return { prefs, toggle, reset };
}
