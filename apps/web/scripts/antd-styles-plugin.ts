import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Emits the public pages' antd styles (`scripts/antd-styles.tsx`, rendered in a child process in
 * production mode) as a hashed stylesheet linked from index.html before the app's own, so that the
 * app's rules still come after antd's.
 */
export function antdStyles(): Plugin {
  return {
    name: 'odp-antd-styles',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const script = path.join(import.meta.dirname, 'antd-styles.tsx');
      const css = execFileSync(process.execPath, ['--import', 'tsx', script], {
        cwd: path.dirname(import.meta.dirname),
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
      });
      const ref = this.emitFile({ type: 'asset', name: 'antd.css', source: css });
      const file = this.getFileName(ref);
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('index.html missing from the bundle');
      const link = `<link rel="stylesheet" crossorigin href="/${file}">`;
      const source = String(html.source);
      const at = source.indexOf('<link rel="stylesheet"');
      html.source =
        at < 0
          ? source.replace('</head>', `  ${link}\n</head>`)
          : `${source.slice(0, at)}${link}\n    ${source.slice(at)}`;
    },
  };
}
