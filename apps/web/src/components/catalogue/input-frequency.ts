/**
 * Which control edits `inputFrequency` for a 更新频率 (the contract's INPUT_FREQUENCY_RULE says what
 * it must hold): a time of day, a weekday, a day of the month, a month-day, or nothing at all.
 */
export type FrequencyControl = 'time' | 'weekday' | 'monthDay' | 'date' | null;

const CONTROLS: Record<string, FrequencyControl> = {
  '1': 'time',
  '2': 'weekday',
  '3': 'monthDay',
  '4': 'date',
  '5': 'date',
  '6': 'date',
};

export function inputFrequencyControl(updateFrequency: string | null | undefined): FrequencyControl {
  return (updateFrequency && CONTROLS[updateFrequency]) || null;
}

export const WEEKDAYS = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];

/** The value as a sentence part, e.g. 每周的星期一 → `星期一`, 每月 → `5 日`, 每年 → `12 月 31 日`. */
export function describeInputFrequency(updateFrequency: string | null | undefined, value: string | null | undefined) {
  if (!value) return '';
  switch (inputFrequencyControl(updateFrequency)) {
    case 'time':
      return value;
    case 'weekday':
      return WEEKDAYS[Number(value) - 1] ?? value;
    case 'monthDay':
      return `${value} 日`;
    case 'date': {
      const [month, day] = value.split('-');
      return month && day ? `${Number(month)} 月 ${Number(day)} 日` : value;
    }
    default:
      return value;
  }
}
