import { type CSSObject, createCache, StyleProvider, type Transformer } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import FeedbackHost from '@/app/FeedbackHost';

/**
 * jsdom lacks the media queries antd's responsive grid listens to, and cannot style pseudo-elements
 * (antd only measures the scrollbar through them). Call it once per file, before the first render.
 */
export function stubAntdDom(): void {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
}

/** The declarations that decide whether an element is hidden, which is all a test reads from styles. */
const VISIBILITY = new Set(['display', 'visibility']);

/** A nested rule (selector or at-rule) rather than a property's value. */
const isNestedRule = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !('_skip_check_' in value) &&
  !('_multi_value_' in value) &&
  !('_keyframe' in value);

/**
 * jsdom matches every style rule in the document against an element in getComputedStyle, which the
 * role queries call for the element and each of its ancestors; with antd's thousands of rules its
 * selector cache overflows and every match is compiled again, so one query can take seconds. Rules
 * keep only their `display` and `visibility` declarations here, and those without any disappear:
 * elements are hidden in tests exactly when they are in the browser, with a small fraction of rules.
 */
const visibilityOnly: Transformer = {
  visit: (css) =>
    Object.fromEntries(
      Object.entries(css).filter(([key, value]) => VISIBILITY.has(key) || isNestedRule(value)),
    ) as CSSObject,
};
const styleCache = createCache();

/** antd's styles as tests need them (see `visibilityOnly`); wrap every antd render in it. */
export function TestStyles({ children }: { children: ReactNode }) {
  return (
    <StyleProvider cache={styleCache} transformers={[visibilityOnly]}>
      {children}
    </StyleProvider>
  );
}

/**
 * Renders `ui` inside the providers the shell gives every page: Chinese antd, the notice parts and a query
 * client of its own, so no cache leaks between tests. A failing query fails at once, without retries.
 */
export function renderWithProviders(ui: ReactElement): RenderResult {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestStyles>
      <ConfigProvider locale={zhCN}>
        <FeedbackHost />
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </ConfigProvider>
    </TestStyles>,
  );
}
