import { Constants } from '@odp/contracts';

/** A value in localStorage with an optional expiry, like the original client's storage wrapper. */
type Stored<T> = { value: T; expire: number | null };

const PREFIX = 'odp__';

export function readLocal<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored<T>;
    if (stored.expire !== null && stored.expire < Date.now()) {
      localStorage.removeItem(PREFIX + key);
      return null;
    }
    return stored.value;
  } catch {
    return null;
  }
}

/** `ttlMs` defaults to the spec's 7-day lifetime of stored user info, dictionary and tenant (§9); null keeps it. */
export function writeLocal<T>(key: string, value: T, ttlMs: number | null = Constants.cacheLifetimeMs) {
  const stored: Stored<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
  localStorage.setItem(PREFIX + key, JSON.stringify(stored));
}

export function removeLocal(key: string) {
  localStorage.removeItem(PREFIX + key);
}
