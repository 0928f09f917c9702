import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import * as contracts from './index.js';

const src = import.meta.dirname;

/** The modules `file` loads at run time (type-only imports and exports are erased), with `file` itself. */
function runtimeClosure(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
  seen.set(file, specifiers);
  for (const s of specifiers) {
    if (s.startsWith('.')) runtimeClosure(path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')), seen);
  }
  return seen;
}

describe('@odp/contracts/constants', () => {
  it('reaches no module that imports zod', () => {
    const closure = runtimeClosure(path.join(src, 'constants.ts'));
    expect(closure.size).toBeGreaterThan(5);
    const withZod = [...closure].filter(([, specifiers]) => specifiers.includes('zod')).map(([file]) => file);
    expect(withZod).toEqual([]);
  });

  it('gives the same values as the main entry', () => {
    const main = new Map(Object.entries(contracts));
    for (const [name, value] of Object.entries(constants)) expect(main.get(name), name).toBe(value);
  });
});
