import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * React and the router change least and every screen needs them: one long-cached chunk. Everything else
 * is left to automatic splitting, which keeps pro-components and the back office in the lazily imported
 * chunks (a manual group for them would drag shared antd modules along, or split cyclic chunks).
 */
const chunkGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/ },
];

export default defineConfig({
  plugins: [react(), precompress()],
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
