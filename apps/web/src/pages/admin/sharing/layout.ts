import { Grid } from 'antd';

/** A drawer as wide as asked, but never wider than the window (a phone gets the whole width). */
export const drawerWidth = (wanted: number) =>
  typeof window === 'undefined'
    ? wanted
    : Math.min(wanted, window.innerWidth < 576 ? window.innerWidth : window.innerWidth - 64);

/** On a phone a bordered description list puts each label above its value, so neither is squeezed. */
export function useDescriptionLayout() {
  const phone = Grid.useBreakpoint().sm === false;
  return {
    layout: phone ? ('vertical' as const) : ('horizontal' as const),
    styles: { label: { whiteSpace: 'nowrap' as const } },
  };
}
