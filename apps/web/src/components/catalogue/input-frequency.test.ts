import { INPUT_FREQUENCY_RULE, UPDATE_FREQUENCIES } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { describeInputFrequency, inputFrequencyControl } from './input-frequency';

describe('inputFrequencyControl', () => {
  it('picks the control by 更新频率', () => {
    expect(inputFrequencyControl('1')).toBe('time');
    expect(inputFrequencyControl('2')).toBe('weekday');
    expect(inputFrequencyControl('3')).toBe('monthDay');
    expect(inputFrequencyControl('4')).toBe('date');
    expect(inputFrequencyControl('5')).toBe('date');
    expect(inputFrequencyControl('6')).toBe('date');
    for (const none of ['7', '8', '9', undefined, null, '']) expect(inputFrequencyControl(none)).toBeNull();
  });

  it('shows a control exactly where the contract wants a value', () => {
    for (const frequency of UPDATE_FREQUENCIES) {
      expect(inputFrequencyControl(frequency) !== null).toBe(INPUT_FREQUENCY_RULE[frequency] !== null);
    }
  });

  it('writes values the contract accepts', () => {
    const sample = { time: '08:30', weekday: '1', monthDay: '15', date: '12-31' } as const;
    for (const frequency of UPDATE_FREQUENCIES) {
      const control = inputFrequencyControl(frequency);
      if (control) expect(INPUT_FREQUENCY_RULE[frequency]?.pattern.test(sample[control])).toBe(true);
    }
  });
});

describe('describeInputFrequency', () => {
  it('reads the value in Chinese', () => {
    expect(describeInputFrequency('1', '08:00')).toBe('08:00');
    expect(describeInputFrequency('2', '7')).toBe('星期日');
    expect(describeInputFrequency('3', '5')).toBe('5 日');
    expect(describeInputFrequency('6', '03-31')).toBe('3 月 31 日');
    expect(describeInputFrequency('7', null)).toBe('');
  });
});
