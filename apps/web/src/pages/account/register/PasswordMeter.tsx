import { PASSWORD_LEVEL_NAMES, passwordLevel } from '@odp/contracts';
import { Progress } from 'antd';

const COLORS = ['#ff4d4f', '#ff4d4f', '#faad14', '#52c41a'];

/** The original's strength meter: 低 / 中 / 强 by how many of digit, letter and symbol the password holds. */
export function PasswordMeter({ password }: { password: string | undefined }) {
  if (!password) return null;
  const level = passwordLevel(password);
  return (
    <div className="password-meter" aria-live="polite">
      <span>强度：</span>
      <Progress
        percent={level === 0 ? 10 : Math.round((level / 3) * 100)}
        showInfo={false}
        strokeColor={COLORS[level]}
        size="small"
      />
      <strong style={{ color: COLORS[level] }}>{PASSWORD_LEVEL_NAMES[level]}</strong>
    </div>
  );
}
