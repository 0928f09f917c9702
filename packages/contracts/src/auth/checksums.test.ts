import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  idNumberCheckChar,
  isValidCreditCode,
  isValidIdNumber,
  maskIdNumber,
  maskPhone,
} from './checksums.js';
import { passwordLevel, STRONG_PASSWORD } from './password-strength.js';

describe('统一社会信用代码 (GB 32100)', () => {
  it('accepts published codes and refuses a changed character', () => {
    // The standard's own example and a listed company's code.
    for (const code of ['91350100M000100Y43', '91110000802100433B']) expect(isValidCreditCode(code)).toBe(true);
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
  });

  it('refuses the letters the standard leaves out and lower case', () => {
    expect(isValidCreditCode('91350100M000100I43')).toBe(false);
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
  });

  it('computes the check character the validator expects', () => {
    const body = '91330100MA2B3C4D5';
    expect(isValidCreditCode(body + creditCodeCheckChar(body))).toBe(true);
    expect(creditCodeCheckChar('91330100MA2B3C4DI')).toBeNull();
  });
});

describe('公民身份号码 (GB 11643)', () => {
  it('accepts a number with the right check character, X in either case', () => {
    expect(isValidIdNumber('11010519491231002X')).toBe(true);
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(isValidIdNumber('110105194912310021')).toBe(false);
  });

  it('refuses a birth date that does not exist or lies ahead', () => {
    const feb30 = `3301061990023012${'3'}`;
    expect(isValidIdNumber(feb30 + idNumberCheckChar(feb30))).toBe(false);
    const future = '33010620990101123';
    expect(isValidIdNumber(future + idNumberCheckChar(future), new Date('2026-01-01'))).toBe(false);
    const ok = '33010619900517123';
    expect(isValidIdNumber(ok + idNumberCheckChar(ok))).toBe(true);
  });

  it('masks numbers as the personal centre shows them', () => {
    expect(maskIdNumber('420902199001016432')).toBe('420902********6432');
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});

describe('registration password', () => {
  it('needs 8 characters with a letter, a digit and a symbol', () => {
    expect(STRONG_PASSWORD.test('Reg@2026abc')).toBe(true);
    expect(STRONG_PASSWORD.test('abcdefg12')).toBe(false);
    expect(STRONG_PASSWORD.test('a@1')).toBe(false);
  });

  it('rates 低 / 中 / 强 by the classes present', () => {
    expect(passwordLevel('')).toBe(0);
    expect(passwordLevel('abcdefgh')).toBe(1);
    expect(passwordLevel('abcd1234')).toBe(2);
    expect(passwordLevel('abcd1234!')).toBe(3);
  });
});
