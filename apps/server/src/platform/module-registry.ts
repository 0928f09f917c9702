import type { FastifyPluginAsync } from 'fastify';
import { type PageData, pagesOf } from './http/page-data.js';
import type { JobHandler } from './jobs/handler.js';
import type { QuickReplyProvider } from './messaging/quick-reply.js';
import type {
  CatalogueWithdrawnHook,
  DataRuleList,
  MenuBadge,
  MenuSeed,
  ModuleManifest,
  ReferenceStep,
  TransitionObserver,
  WorkOrderSource,
} from './module.js';
import type { OpsSource } from './operations/source.js';
import type { SearchSubject } from './search/subject.js';
import type { SearchTabProvider } from './search/tab.js';
import { registerSubject } from './workflow/registry.js';
import type { AnySubject } from './workflow/subject.js';

/** The manifests merged: what app start-up, the seeds and the modules that serve other modules' declarations read. */
export type Modules = {
  routes: readonly FastifyPluginAsync[];
  /** Maps, not object literals: a name read from the database such as `constructor` finds nothing. */
  jobs: ReadonlyMap<string, JobHandler>;
  dataRuleLists: ReadonlyMap<string, DataRuleList>;
  badges: ReadonlyMap<string, MenuBadge>;
  menuTree: readonly MenuSeed[];
  /** In version order. */
  referenceSteps: readonly ReferenceStep[];
  /** Workflow subjects and search subjects by their type. */
  subjects: ReadonlyMap<string, AnySubject>;
  searchSubjects: ReadonlyMap<string, SearchSubject>;
  /** The site search's tabs by search type. */
  searchTabs: ReadonlyMap<string, SearchTabProvider>;
  /** By page path, in module order. */
  pageData: ReadonlyMap<string, readonly PageData[]>;
  /** Other subjects' tasks in the 工单 inbox, by subject type. */
  workOrderSources: ReadonlyMap<string, WorkOrderSource>;
  /** In module order. */
  catalogueWithdrawn: readonly CatalogueWithdrawnHook[];
  /** 任务运维's kinds of background task, by kind. */
  opsSources: ReadonlyMap<string, OpsSource>;
  /** 快捷回复 providers by the message type they answer (a reminder type may be answered by several modules). */
  quickReplies: ReadonlyMap<string, readonly QuickReplyProvider[]>;
  /** In module order. */
  transitionObservers: readonly TransitionObserver[];
};

type Sibling = { menu: MenuSeed; order: number; module: string };

/** The key of the top level among the parents entries are declared under; no menu has an empty path. */
const TOP = '';

/** Merges the modules' menu declarations into one tree; an entry under a parent no module declares is a problem. */
function mergeMenus(manifests: readonly ModuleManifest[], problems: string[]): MenuSeed[] {
  const contributed = new Map<string, Sibling[]>();
  for (const m of manifests) {
    for (const { parent = TOP, order, ...menu } of m.menus ?? []) {
      contributed.set(parent, [...(contributed.get(parent) ?? []), { menu, order, module: m.name }]);
    }
  }
  const placed = new Set<string>();
  const build = (parent: string | null, own: MenuSeed[], owner: string): MenuSeed[] => {
    if (parent !== null) placed.add(parent);
    const siblings = [
      ...own.map((menu, order) => ({ menu, order, module: owner })),
      ...((parent !== null && contributed.get(parent)) || []),
    ].sort((a, b) => a.order - b.order);
    for (const [i, s] of siblings.entries()) {
      const next = siblings[i + 1];
      if (next?.order === s.order) {
        problems.push(
          `menus '${s.menu.name}' (${s.module}) and '${next.menu.name}' (${next.module}) share order ${s.order}`,
        );
      }
    }
    return siblings.map(({ menu, module }) => {
      const { children: own = [], ...rest } = menu;
      const children = build(menu.menuType !== 2 && menu.path ? menu.path : null, own, module);
      return children.length ? { ...rest, children } : rest;
    });
  };
  const tree = build(TOP, [], '');
  for (const [parent, siblings] of contributed) {
    if (placed.has(parent)) continue;
    for (const s of siblings)
      problems.push(`menu '${s.menu.name}' (${s.module}) is under '${parent}', which no module declares`);
  }
  return tree;
}

function* entries(tree: readonly MenuSeed[], parent = ''): Generator<{ menu: MenuSeed; parent: string }> {
  for (const menu of tree) {
    yield { menu, parent };
    const self = menu.path ?? menu.perms ?? menu.name;
    yield* entries(menu.children ?? [], parent ? `${parent} > ${self}` : self);
  }
}

/** Entries are known by their path (menus and directories), their permission code (buttons), else their name under their parent. */
function menuProblems(tree: readonly MenuSeed[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const { menu, parent } of entries(tree)) {
    const keys = [
      menu.menuType !== 2 && menu.path && `path ${menu.path}`,
      menu.perms && `permission ${menu.perms}`,
      !menu.path && !(menu.menuType === 2 && menu.perms) && `name '${menu.name}' under '${parent || '(top)'}'`,
    ];
    for (const key of keys) {
      if (!key) continue;
      if (seen.has(key)) problems.push(`two menu entries have the ${key}`);
      seen.add(key);
    }
  }
  return problems;
}

function menuPaths(tree: readonly MenuSeed[]): Set<string> {
  return new Set([...entries(tree)].flatMap(({ menu }) => (menu.menuType !== 2 && menu.path ? [menu.path] : [])));
}

/** Gathers one kind of declaration into a map, naming each key two modules declare. */
function gather<T>(
  manifests: readonly ModuleManifest[],
  what: string,
  pick: (m: ModuleManifest) => Iterable<[string, T]>,
  problems: string[],
): Map<string, T> {
  const found = new Map<string, T>();
  const owner = new Map<string, string>();
  for (const m of manifests) {
    for (const [key, value] of pick(m)) {
      if (owner.has(key)) problems.push(`${what} '${key}' is declared by ${owner.get(key)} and ${m.name}`);
      else {
        owner.set(key, m.name);
        found.set(key, value);
      }
    }
  }
  return found;
}

/** Merges the manifests and lists every conflict between them; empty when they fit together. */
export function mergeManifests(manifests: readonly ModuleManifest[]): { modules: Modules; problems: string[] } {
  const problems: string[] = [];
  gather(manifests, 'module', (m) => [[m.name, m]], problems);
  const routes = manifests.flatMap((m) => m.routes ?? []);
  for (const [i, r] of routes.entries()) {
    if (routes.indexOf(r) !== i) problems.push(`route plugin '${r.name}' is listed twice`);
  }
  const jobs = gather(manifests, 'job handler', (m) => (m.jobs ?? []).map((h) => [h.name, h]), problems);
  const menuTree = mergeMenus(manifests, problems);
  problems.push(...menuProblems(menuTree));
  const paths = menuPaths(menuTree);
  const onMenus = <T>(what: string, pick: (m: ModuleManifest) => Record<string, T> | undefined) =>
    gather(
      manifests,
      what,
      (m) =>
        Object.entries(pick(m) ?? {}).map(([path, value]): [string, T] => {
          if (!paths.has(path)) problems.push(`${what} '${path}' (${m.name}) is on no menu`);
          return [path, value];
        }),
      problems,
    );
  const dataRuleLists = onMenus('data-rule list', (m) => m.dataRuleLists);
  const badges = onMenus('badge', (m) => m.badges);
  const steps = gather(
    manifests,
    'reference step',
    (m) => (m.referenceSteps ?? []).map((s) => [String(s.version), s]),
    problems,
  );
  const subjects = gather(
    manifests,
    'workflow subject',
    (m) => (m.subjects ?? []).map((s) => [s.machine.subject, s]),
    problems,
  );
  const searchSubjects = gather(manifests, 'search subject', (m) => (m.search ?? []).map((s) => [s.type, s]), problems);
  const searchTabs = gather(manifests, 'search tab', (m) => (m.searchTabs ?? []).map((t) => [t.type, t]), problems);
  const workOrderSources = gather(
    manifests,
    'work-order source',
    (m) => (m.workOrders ?? []).map((s) => [s.subjectType, s]),
    problems,
  );
  const opsSources = gather(
    manifests,
    'operations kind',
    (m) => (m.operations ?? []).map((s) => [s.kind, s]),
    problems,
  );
  const quickReplies = new Map<string, QuickReplyProvider[]>();
  for (const provider of manifests.flatMap((m) => m.quickReplies ?? [])) {
    for (const type of provider.messageTypes) quickReplies.set(type, [...(quickReplies.get(type) ?? []), provider]);
  }
  const catalogueWithdrawn = manifests.flatMap((m) => (m.onCatalogueWithdrawn ? [m.onCatalogueWithdrawn] : []));
  const transitionObservers = manifests.flatMap((m) => (m.onTransition ? [m.onTransition] : []));
  const pageData = new Map<string, PageData[]>();
  for (const m of manifests) {
    for (const provider of m.pageData ?? []) {
      for (const page of pagesOf(provider)) {
        const onPage = pageData.get(page) ?? [];
        // Keys that depend on the address cannot be compared before a request; their modules keep them apart.
        const key = typeof provider.key === 'function' ? null : JSON.stringify(provider.key);
        if (key && onPage.some((p) => typeof p.key !== 'function' && JSON.stringify(p.key) === key)) {
          problems.push(`page data ${key} on '${page}' (${m.name}) is declared twice`);
        }
        pageData.set(page, [...onPage, provider]);
      }
    }
  }
  return {
    modules: {
      routes,
      pageData,
      subjects,
      searchSubjects,
      searchTabs,
      jobs,
      dataRuleLists,
      badges,
      menuTree,
      referenceSteps: [...steps.values()].sort((a, b) => a.version - b.version),
      workOrderSources,
      opsSources,
      quickReplies,
      catalogueWithdrawn,
      transitionObservers,
    },
    problems,
  };
}

let installed: Modules | undefined;

/**
 * Merges the manifests for this process, refusing conflicting ones. The job registry, the data-rule
 * lists and the sign-in badges read them back through `installedModules`, since the modules that
 * serve them cannot import the list of all modules without importing themselves.
 */
export function installModules(manifests: readonly ModuleManifest[]): Modules {
  const { modules, problems } = mergeManifests(manifests);
  if (problems.length) throw new Error(`module manifests conflict:\n${problems.join('\n')}`);
  installed = modules;
  for (const subject of modules.subjects.values()) registerSubject(subject);
  return modules;
}

/** The modules' transition observers; none before the manifests are installed (the kernel's own tests). */
export function transitionObservers(): readonly TransitionObserver[] {
  return installed?.transitionObservers ?? [];
}

export function installedModules(): Modules {
  if (!installed) throw new Error('no module manifests installed: modules/index.js has not been imported');
  return installed;
}
