import { Select, Space, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { inputFrequencyControl, WEEKDAYS } from './input-frequency';

type Props = {
  /** The 更新频率 that decides which control shows. */
  frequency: string | null | undefined;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  status?: 'error';
  id?: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * 更新时间点: a time of day for 每日, a weekday for 每周, a day for 每月, a month and day for
 * 每季度/每半年/每年, in the string forms the contract's INPUT_FREQUENCY_RULE checks.
 */
export function InputFrequencyInput({ frequency, value, onChange, status, id }: Props) {
  const control = inputFrequencyControl(frequency);
  const set = (next: string | undefined) => onChange?.(next);
  switch (control) {
    case 'time':
      return (
        <TimePicker
          id={id}
          format="HH:mm"
          minuteStep={5}
          status={status}
          placeholder="请选择更新时间"
          value={value && /^\d{2}:\d{2}$/.test(value) ? dayjs(value, 'HH:mm') : null}
          onChange={(time) => set(time ? time.format('HH:mm') : undefined)}
          style={{ width: '100%' }}
        />
      );
    case 'weekday':
      return (
        <Select
          id={id}
          status={status}
          placeholder="请选择星期几"
          allowClear
          value={value || undefined}
          onChange={set}
          options={WEEKDAYS.map((label, i) => ({ value: String(i + 1), label: `每${label}` }))}
        />
      );
    case 'monthDay':
      return (
        <Select
          id={id}
          status={status}
          placeholder="请选择每月几号"
          allowClear
          value={value || undefined}
          onChange={set}
          options={range(1, 31).map((d) => ({ value: String(d), label: `每月 ${d} 日` }))}
        />
      );
    case 'date': {
      const [month, day] = (value ?? '').split('-');
      const monthNumber = Number(month) || 0;
      const maxDay = monthNumber ? DAYS_IN_MONTH[monthNumber - 1] : 31;
      const join = (m?: string, d?: string) => (m && d ? `${m}-${d}` : m || d ? `${m ?? ''}-${d ?? ''}` : undefined);
      return (
        <Space.Compact style={{ width: '100%' }} id={id}>
          <Select
            status={status}
            placeholder="月"
            value={month || undefined}
            onChange={(m: string) => set(join(m, day && Number(day) <= DAYS_IN_MONTH[Number(m) - 1] ? day : undefined))}
            options={range(1, 12).map((m) => ({ value: pad(m), label: `${m} 月` }))}
            style={{ width: '50%' }}
          />
          <Select
            status={status}
            placeholder="日"
            value={day || undefined}
            onChange={(d: string) => set(join(month || undefined, d))}
            options={range(1, maxDay).map((d) => ({ value: pad(d), label: `${d} 日` }))}
            style={{ width: '50%' }}
          />
        </Space.Compact>
      );
    }
    default:
      return null;
  }
}
