import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccessibilityBar } from './AccessibilityBar';
import { A11Y_KEY, readPrefs, savePrefs } from './prefs';

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root.className = '';
});
afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name });

describe('无障碍 toolbar', () => {
  it('turns a mode on, marks the button pressed and keeps the choice', () => {
    render(<AccessibilityBar />);
    expect(button('长者模式').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button('长者模式'));
    expect(button('长者模式').getAttribute('aria-pressed')).toBe('true');
    expect(root.classList.contains('a11y-large')).toBe(true);
    expect(readPrefs()).toEqual({ large: true, contrast: false, weak: false });
    fireEvent.click(button('色弱模式'));
    expect(root.classList.contains('color-weak')).toBe(true);
    expect(readPrefs()).toEqual({ large: true, contrast: false, weak: true });
  });

  it('restores the stored choice on load and takes it off when the portal is left', () => {
    savePrefs({ large: false, contrast: true, weak: false });
    const view = render(<AccessibilityBar />);
    expect(button('高对比度').getAttribute('aria-pressed')).toBe('true');
    expect(root.classList.contains('a11y-contrast')).toBe(true);
    view.unmount();
    expect(root.classList.contains('a11y-contrast')).toBe(false);
    expect(readPrefs().contrast).toBe(true);
  });

  it('恢复默认 clears every mode and the stored choice', () => {
    savePrefs({ large: true, contrast: true, weak: true });
    render(<AccessibilityBar />);
    fireEvent.click(button('恢复默认'));
    expect(root.className).toBe('');
    expect(readPrefs()).toEqual({ large: false, contrast: false, weak: false });
    expect(screen.queryByRole('button', { name: '恢复默认' })).toBeNull();
  });

  it('ignores a stored value of another shape', () => {
    localStorage.setItem(`odp__${A11Y_KEY}`, JSON.stringify({ value: 'large', expire: null }));
    expect(readPrefs()).toEqual({ large: false, contrast: false, weak: false });
    localStorage.setItem(`odp__${A11Y_KEY}`, '{broken');
    expect(readPrefs()).toEqual({ large: false, contrast: false, weak: false });
  });
});
