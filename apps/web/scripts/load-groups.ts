import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const listFile = path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'odp-first-load.json');

/** What a visitor downloads before a page shows, by module: the shell's and the public pages'. */
export type LoadGroups = { shell: string[]; portal: string[] };

/** The groups of the last build (empty before the first build of a checkout). */
export function readLoadGroups(): { shell: Set<string>; portal: Set<string> } {
  const groups: LoadGroups = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as LoadGroups)
    : { shell: [], portal: [] };
  return { shell: new Set(groups.shell), portal: new Set(groups.portal) };
}

/** The modules of `start` and of every chunk they import statically. */
function closure(chunks: Map<string, OutputChunk>, start: OutputChunk[]): Set<string> {
  const modules = new Set<string>();
  const queue = start.map((chunk) => chunk.fileName);
  const seen = new Set<string>();
  while (queue.length) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const chunk = chunks.get(name);
    if (!chunk) continue;
    for (const id of chunk.moduleIds) modules.add(id);
    queue.push(...chunk.imports);
  }
  return modules;
}

/**
 * Records which modules the entry loads statically (the shell) and which the public pages' lazily
 * loaded chunks add, so that the next build can put each set into one chunk (`chunkGroups` in
 * vite.config.ts). `npm run build` builds twice, so that every build is grouped the same way.
 */
export function recordLoadGroups(portalPages: string[]): Plugin {
  return {
    name: 'odp-load-groups',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const all = [...chunks.values()];
      const shell = closure(
        chunks,
        all.filter((chunk) => chunk.isEntry),
      );
      const pages = all.filter((chunk) => chunk.facadeModuleId && portalPages.includes(chunk.facadeModuleId));
      const portal = [...closure(chunks, pages)].filter((id) => !shell.has(id));
      mkdirSync(path.dirname(listFile), { recursive: true });
      const groups: LoadGroups = { shell: [...shell].sort(), portal: portal.sort() };
      writeFileSync(listFile, JSON.stringify(groups));
    },
  };
}
