/**
 * Gzipped size of the JavaScript the portal home loads on first visit: the entry of dist/index.html
 * and every chunk it imports statically (lazy chunks are excluded). Run after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const seen = new Set<string>();
while (queue.length) {
  const file = queue.pop() as string;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    queue.push(`assets/${m[1]}`);
  }
}
let raw = 0;
let gzip = 0;
for (const file of seen) {
  const bytes = readFileSync(path.join(dist, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
console.log(
  `门户首页首次加载 JS: ${seen.size} 个文件, ${(raw / 1024).toFixed(1)} KB, gzip ${(gzip / 1024).toFixed(1)} KB`,
);
