import type { A11yPrefs } from './prefs';
import { useA11yPrefs } from './use-a11y-prefs';

const SWITCHES: { key: keyof A11yPrefs; label: string; title: string }[] = [
  { key: 'large', label: '长者模式', title: '放大页面文字（1.25 倍）' },
  { key: 'contrast', label: '高对比度', title: '加深文字与边框，提高对比度' },
  { key: 'weak', label: '色弱模式', title: '为色觉障碍用户调整页面颜色' },
];

/** The portal's 无障碍 toolbar: each switch a real button whose pressed state a screen reader announces. */
export function AccessibilityBar() {
  const { prefs, toggle, reset } = useA11yPrefs();
  const any = prefs.large || prefs.contrast || prefs.weak;
  return (
    <div className="portal-a11y-bar">
      <div className="portal-a11y-inner" role="toolbar" aria-label="无障碍">
        <span className="portal-a11y-title" aria-hidden="true">
          无障碍
        </span>
        {SWITCHES.map(({ key, label, title }) => (
          <button key={key} type="button" aria-pressed={prefs[key]} title={title} onClick={() => toggle(key)}>
            {label}
          </button>
        ))}
        {any && (
          <button type="button" onClick={reset}>
            恢复默认
          </button>
        )}
      </div>
    </div>
  );
}
