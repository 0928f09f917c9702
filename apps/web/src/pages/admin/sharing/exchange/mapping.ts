import type { FieldMappingInput } from '@odp/contracts';

/**
 * The field-mapping workbench's rules: every source column and every target column is used at most
 * once, and a mapping names columns that exist on both sides.
 */
export type Mapping = FieldMappingInput;

/** A column on either side, as far as mapping is concerned. */
export type ExchangeField = { name: string; type: string };

/** How a column shows in its list: already mapped, picked and waiting for its partner, or free. */
export type FieldState = 'mapped' | 'selected' | 'selectable';

const usedSources = (mappings: Mapping[]) => new Set(mappings.map((m) => m.source));
const usedTargets = (mappings: Mapping[]) => new Set(mappings.map((m) => m.target));

/** 按顺序映射: the n-th source column to the n-th target column, as many as both sides have. */
export function mapByOrder(sources: ExchangeField[], targets: ExchangeField[]): Mapping[] {
  const count = Math.min(sources.length, targets.length);
  return sources.slice(0, count).map((source, i) => ({ source: source.name, target: targets[i].name }));
}

/** Names compared as a database would see them: case and surrounding spaces ignored. */
const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * 按名称映射: every source column to the target column of the same name (the very same name first,
 * else one differing only in case); pairs already made are kept, and no column is taken twice.
 */
export function mapByName(sources: ExchangeField[], targets: ExchangeField[], current: Mapping[] = []): Mapping[] {
  const kept = keepValid(current, sources, targets);
  const sourcesTaken = usedSources(kept);
  const free = targets.map((t) => t.name).filter((name) => !usedTargets(kept).has(name));
  const take = (name: string) => {
    const i = free.indexOf(name) >= 0 ? free.indexOf(name) : free.findIndex((t) => nameKey(t) === nameKey(name));
    return i >= 0 ? free.splice(i, 1)[0] : undefined;
  };
  const pending = sources.filter((s) => !sourcesTaken.has(s.name));
  // Exact names are settled before any case-insensitive one can take their target.
  const exact = new Map(pending.filter((s) => free.includes(s.name)).map((s) => [s.name, take(s.name) as string]));
  const added: Mapping[] = [];
  for (const source of pending) {
    const target = exact.get(source.name) ?? take(source.name);
    if (target !== undefined) added.push({ source: source.name, target });
  }
  // In the order of the source table, as the result list shows it.
  const order = new Map(sources.map((s, i) => [s.name, i]));
  return [...kept, ...added].sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0));
}

/** 全部清空 */
export const clearMappings = (): Mapping[] => [];

/** The row's delete (断开映射): the source column and its target are free again. */
export const removeMapping = (mappings: Mapping[], source: string): Mapping[] =>
  mappings.filter((m) => m.source !== source);

/**
 * A pair picked by hand: refused (the list unchanged) when either column is already mapped or
 * unknown, so a column never appears twice.
 */
export function addMapping(
  mappings: Mapping[],
  source: string,
  target: string,
  sources: ExchangeField[],
  targets: ExchangeField[],
): Mapping[] {
  if (!sources.some((s) => s.name === source) || !targets.some((t) => t.name === target)) return mappings;
  if (usedSources(mappings).has(source) || usedTargets(mappings).has(target)) return mappings;
  return [...mappings, { source, target }];
}

export function fieldState(mappings: Mapping[], side: 'source' | 'target', name: string, picked?: string): FieldState {
  const used = side === 'source' ? usedSources(mappings) : usedTargets(mappings);
  if (used.has(name)) return 'mapped';
  return picked === name ? 'selected' : 'selectable';
}

/** Mappings whose columns have gone (another target table chosen) are dropped. */
export const keepValid = (mappings: Mapping[], sources: ExchangeField[], targets: ExchangeField[]): Mapping[] =>
  mappings.filter((m) => sources.some((s) => s.name === m.source) && targets.some((t) => t.name === m.target));

/** A new table's columns: the granted source columns under the same names and types. */
export const autoCreateTargets = <F extends ExchangeField>(sources: F[]): ExchangeField[] =>
  sources.map(({ name, type }) => ({ name, type }));
