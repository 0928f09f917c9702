/**
 * The registration and password-recovery rule of the original pages: at least 8 characters with a
 * letter, a digit and one of its symbols. Kept without zod for the strength meter.
 */
export const STRONG_PASSWORD = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,64}$/;

/**
 * The meter's level: how many of digit, letter and symbol the password holds (0–3); 0 and 1 read
 * 低, 2 中, 3 强, and below 2 the form says 密码强度不够.
 */
export function passwordLevel(password: string): 0 | 1 | 2 | 3 {
  let level = 0;
  if (/\d/.test(password)) level++;
  if (/[a-zA-Z]/.test(password)) level++;
  if (/[^0-9a-zA-Z_]/.test(password)) level++;
  return level as 0 | 1 | 2 | 3;
}

export const PASSWORD_LEVEL_NAMES = ['低', '低', '中', '强'] as const;
