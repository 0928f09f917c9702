export { AccessibilityBar } from './AccessibilityBar';
export { type A11yPrefs, applyPrefs, readPrefs, savePrefs } from './prefs';
