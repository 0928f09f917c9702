/**
 * Prints, as one CSS text, the antd component styles of the app's theme, with the cache-path
 * record antd's style runtime looks for (`.data-ant-cssinjs-cache-path`): a page that links this file
 * neither computes nor injects those styles while it renders, which on a phone was most of the first
 * render's work. Runs in production mode (`antd-styles-plugin.ts`) so that class hashes match the bundle.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { APP_THEME } from '../src/app/theme';

/**
 * What the first screen of a public page renders on a phone (every portal page, the login and the
 * error pages): the stylesheet blocks the first paint and is parsed before it, so it carries these
 * only. Parts that open later (dialogs, drawers, menus, tables in tabs), the category tree (a drawer
 * on a phone), the grid (only the login form's items use it) and the back office generate their styles
 * when first shown.
 */
const FIRST_SCREEN = [
  'Button',
  'Checkbox',
  'Empty',
  'Form',
  'Input',
  'Result',
  'Segmented',
  'Skeleton',
  'Space',
  'Spin',
  'Tag',
] as const;

const PROPS: Partial<Record<(typeof FIRST_SCREEN)[number], Record<string, unknown>>> = {};

const cache = createCache();
const lib = antd as unknown as Record<string, ComponentType<Record<string, unknown>>>;
renderToString(
  <StyleProvider cache={cache}>
    <antd.ConfigProvider theme={APP_THEME}>
      {FIRST_SCREEN.map((name) => {
        const Component = lib[name];
        return <Component key={name} {...PROPS[name]} />;
      })}
    </antd.ConfigProvider>
  </StyleProvider>,
);
process.stdout.write(extractStyle(cache, { plain: true, types: ['style', 'token'] }));
