import { Constants } from '@odp/contracts';
import { type ComponentType, lazy } from 'react';

/** A page chunk that has not arrived after 120 s is reported as a failure (spec §8) instead of spinning forever. */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('页面加载超时，请检查网络后刷新重试')),
          Constants.chunkLoadTimeoutMs,
        );
        load()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  );
}
