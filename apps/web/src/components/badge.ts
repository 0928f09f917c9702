import { Constants } from '@odp/contracts';

/** Badge text: blank at 0 (spec §3), `99+` past the maximum of 99 (spec §9). */
export function formatBadge(count: number | null | undefined, max: number = Constants.badgeMax): string {
  if (!count || count <= 0) return '';
  return count > max ? `${max}+` : String(count);
}
