/**
 * Check characters of the two national identifiers a registration names. Pure functions without
 * zod, so that the register page checks as the user types and the server checks the same way.
 */

/** GB 32100-2015 统一社会信用代码: its 31 characters (no I, O, S, V, Z) and the weights of the first 17. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The 18th character of a credit code whose first 17 are given, or null when they are not valid characters. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CHARS.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * CREDIT_WEIGHTS[i];
  }
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/**
 * A 统一社会信用代码 per GB 32100: 18 characters, the 登记管理部门码 and 机构类别码 in use, six digits of
 * the 登记管理机关行政区划码, and the check character. Upper case only, as printed on a licence.
 */
export function isValidCreditCode(code: string): boolean {
  if (!/^[1-9ANY][1-9]\d{6}[0-9A-HJ-NPQRTUWXY]{9}[0-9A-HJ-NPQRTUWXY]$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The 18th character of a 公民身份号码 whose first 17 digits are given. */
export function idNumberCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/**
 * A 公民身份号码 per GB 11643: 18 characters, a birth date that exists (from 1900 to today) and the
 * ISO 7064 MOD 11-2 check character (X in upper or lower case).
 */
export function isValidIdNumber(id: string, today = new Date()): boolean {
  const value = id.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(value)) return false;
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  if (birth.getTime() > today.getTime()) return false;
  return idNumberCheckChar(value.slice(0, 17)) === value[17];
}

/** `420902********6432`: the region and the last four kept, the birth date hidden. */
export const maskIdNumber = (id: string) => (id.length >= 10 ? `${id.slice(0, 6)}********${id.slice(-4)}` : '****');

/** `138****0000`. */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');
