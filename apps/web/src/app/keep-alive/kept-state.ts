import { type SetStateAction, useCallback, useState } from 'react';

/** Values that outlive their component for the rest of the visit (the tab), by key. */
const kept = new Map<string, unknown>();

/**
 * `useState` whose value survives the component: a page left for a detail finds it again on return
 * (the tree's filter word and open branches, say). What the address can hold belongs in the address.
 */
export function useKeptState<T>(key: string, initial: T) {
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        kept.set(key, value);
        return value;
      }),
    [key],
  );
  return [value, set] as const;
}

/** For tests. */
export const forgetKeptState = () => kept.clear();
