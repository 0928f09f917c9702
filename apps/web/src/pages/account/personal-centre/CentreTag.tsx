import type { ReactNode } from 'react';

export type CentreTagColor = 'green' | 'orange' | 'blue' | 'cyan' | 'purple' | 'red' | 'default';

/**
 * A status tag of the personal centre: the portal's tag (`portal-tag`, text dark enough to read at
 * 4.5:1 in small type), plus a red one for refusals and overdue reports. antd's preset colours are
 * too light for that.
 */
export function CentreTag({ color = 'default', children }: { color?: CentreTagColor; children: ReactNode }) {
  return <span className={`portal-tag portal-tag-${color}`}>{children}</span>;
}
