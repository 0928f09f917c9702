import { Messages, NewPassword, UserCreateInput } from '@odp/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { problemRule, remoteRule, sameAsRule, zodRule } from './zod-rule';

/** Runs a rule's validator the way antd does; resolves to the error message or null. */
async function validate(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator?.(rule, value, () => {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const field = UserCreateInput.shape;

describe('zodRule', () => {
  it('gives the contract message for a bad value', async () => {
    expect(await validate(zodRule(field.phone), '12345')).toBe('手机号码格式不正确');
    expect(await validate(zodRule(field.email), 'a@b')).toBe('邮箱格式不正确');
    expect(await validate(zodRule(NewPassword), 'abcdefgh')).toBe(Messages.passwordPolicy);
    expect(await validate(zodRule(field.username), '张三')).toBe('用户账号只能包含字母、数字、下划线、点和横线');
  });

  it('accepts good values', async () => {
    expect(await validate(zodRule(field.phone), '13800138000')).toBeNull();
    expect(await validate(zodRule(field.email), 'li.ming@binjiang.gov.cn')).toBeNull();
    expect(await validate(zodRule(NewPassword), 'Binjiang2026')).toBeNull();
  });

  it('lets optional fields stay empty and marks them not required', async () => {
    const rule = zodRule(field.phone);
    expect(rule.required).toBe(false);
    expect(await validate(rule, undefined)).toBeNull();
    expect(await validate(rule, '')).toBeNull();
    expect(zodRule(field.sex).required).toBe(false);
    expect(zodRule(field.roleIds).required).toBe(false);
  });

  it('marks required fields and uses the contract message for the empty string, never zod English', async () => {
    const rule = zodRule(field.realname);
    expect(rule.required).toBe(true);
    expect(await validate(rule, undefined)).toBe('请输入用户姓名');
    expect(await validate(rule, '')).toBe('请输入用户姓名');
  });

  it('prefers an explicit required message', async () => {
    const rule = zodRule(field.username, { required: '请输入用户账号' });
    expect(rule.required).toBe(true);
    expect(await validate(rule, '')).toBe('请输入用户账号');
    expect(await validate(rule, 'a')).toBe('用户账号至少 2 个字符');
  });
});

describe('sameAsRule', () => {
  const form = (password: string) => ({ getFieldValue: (name: string) => (name === 'password' ? password : '') });

  it('accepts the same value and refuses another with the given message', async () => {
    const make = sameAsRule('password', Messages.passwordMismatch);
    if (typeof make !== 'function') throw new Error('expected a rule function');
    // Only getFieldValue is used; the rest of the form instance is irrelevant here.
    const rule = make(form('Secret123') as unknown as Parameters<typeof make>[0]);
    expect(await validate(rule, 'Secret123')).toBeNull();
    expect(await validate(rule, 'Secret124')).toBe('两次输入的密码不一样！');
  });
});

describe('remoteRule', () => {
  it('validates on blur, skips blanks and shows the rejection message', async () => {
    const taken = new Set(['admin']);
    const rule = remoteRule(async (v) => {
      if (taken.has(v)) throw new Error('用户账号已存在');
    });
    expect(rule.validateTrigger).toBe('onBlur');
    expect(await validate(rule, '  ')).toBeNull();
    expect(await validate(rule, 'admin ')).toBe('用户账号已存在');
    expect(await validate(rule, 'lisi')).toBeNull();
  });

  it('rethrows a plain Error antd can annotate, even when the check throws one with a read-only field', async () => {
    class ReadOnlyFieldError extends Error {
      get field() {
        return 'username';
      }
    }
    const rule = remoteRule(async () => {
      throw new ReadOnlyFieldError('用户账号已存在');
    });
    try {
      await rule.validator?.(rule, 'admin', () => {});
      expect.unreachable();
    } catch (error) {
      expect(error).not.toBeInstanceOf(ReadOnlyFieldError);
      (error as { field?: string }).field = 'username';
      expect((error as Error).message).toBe('用户账号已存在');
    }
  });
});

describe('problemRule', () => {
  it('passes the whole value to the check and shows the problem it names', async () => {
    const rule = problemRule((value) => (Array.isArray(value) && value.length > 0 ? null : '请至少配置一项'));
    expect(await validate(rule, ['a'])).toBeNull();
    expect(await validate(rule, [])).toBe('请至少配置一项');
    expect(await validate(rule, undefined)).toBe('请至少配置一项');
  });
});
