import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { CodeSplittingGroup } from 'rolldown';
import { defineConfig } from 'vite';
import { antdStyles } from './scripts/antd-styles-plugin';
import { readLoadGroups, recordLoadGroups } from './scripts/load-groups';
import { precompress } from './scripts/precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The modules of the first load and of the public pages, as the previous build bundled them
 * (`scripts/load-groups.ts` records them after each build; `npm run build` builds twice, so that a
 * clean checkout is grouped too).
 */
const loadGroups = readLoadGroups();

/**
 * React and the router change least and every screen needs them: one long-cached chunk. The rest of
 * what the entry imports statically is one more chunk, and what the public pages add to it one more:
 * left to automatic splitting they came as some twenty small files each, and over HTTP/1.1 (an
 * intranet without TLS) a phone fetches them six at a time, a round trip per batch. The back office
 * and everything loaded on demand keep automatic splitting.
 */
/** The public pages a visitor may open first (their routes load them lazily, see app/routes.tsx). */
const PORTAL_PAGES = [
  'catalogue/CataloguePage.tsx',
  'catalogue/DetailPage.tsx',
  'search/SearchPage.tsx',
  'stats/OpenStatsPage.tsx',
].map((page) => `${src}/pages/portal/${page}`);

const chunkGroups: CodeSplittingGroup[] = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/,
    priority: 2,
  },
  { name: 'app', test: (id: string) => loadGroups.shell.has(id), priority: 1 },
  { name: 'portal', test: (id: string) => loadGroups.portal.has(id), priority: 0 },
];

export default defineConfig({
  plugins: [react(), antdStyles(), recordLoadGroups(PORTAL_PAGES), precompress()],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    proxy: { '/dtwave-om': { target: 'http://localhost:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
});
