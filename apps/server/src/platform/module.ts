import type { FastifyPluginAsync } from 'fastify';
import type { Db, Executor } from '../db/client.js';
import type { PageData } from './http/page-data.js';
import type { JobHandler } from './jobs/handler.js';
import type { DataRuleColumns } from './resource/data-rules.js';
import type { SearchSubject } from './search/subject.js';
import type { AnySubject } from './workflow/subject.js';

/** A menu, directory or button as seeded; `children` nest, `perms` is the code the server checks. */
export type MenuSeed = {
  name: string;
  menuType: 0 | 1 | 2;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  perms?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  children?: MenuSeed[];
  /** Role codes granted this entry besides the administrator, who is granted everything. */
  roles?: string[];
};

/**
 * A module's own entry in the menu tree, at the top or under the directory or menu whose path is
 * `parent`, whichever module declares it. `order` ranks it among its siblings there (an entry nested
 * in `children` ranks by its index); the seeded sort_no is that rank.
 */
export type MenuDeclaration = MenuSeed & { parent?: string; order: number };

/** A list that applies 数据规则: rules are checked against its columns; the labels help the administrator choose. */
export type DataRuleList = { columns: DataRuleColumns; labels: Record<string, string> };

/** The number shown on a menu entry at sign-in, such as the work orders waiting for review. */
export type MenuBadge = (db: Db) => Promise<number>;

/** What a reference step may ask of the collection: the menu tree is every module's, so only it can add the missing entries. */
export type ReferenceTools = { addMissingMenus(db: Executor): Promise<number> };

/**
 * Reference data a release adds for databases seeded before it. Versions are global across modules:
 * the database keeps the highest one applied, and each step runs once, in version order.
 */
export type ReferenceStep = {
  version: number;
  summary: string;
  apply(db: Executor, tools: ReferenceTools): Promise<void>;
};

/** Everything a capability adds to the server, so that adding one edits its own folder and the list in modules/index.ts. */
export type ModuleManifest = {
  name: string;
  /** Registered under the API base path, in this order; each only the module's own routes. */
  routes?: readonly FastifyPluginAsync[];
  jobs?: readonly JobHandler[];
  /** By the path of the menu the list belongs to. */
  dataRuleLists?: Readonly<Record<string, DataRuleList>>;
  /** By the path of the menu entry that shows the count. */
  badges?: Readonly<Record<string, MenuBadge>>;
  menus?: readonly MenuDeclaration[];
  referenceSteps?: readonly ReferenceStep[];
  /** Records that move through reviews: the workflow kernel's deadline job and inboxes find them here. */
  subjects?: readonly AnySubject[];
  /** Record types the site search indexes. */
  search?: readonly SearchSubject[];
  /** Answers written into a public page's HTML for its first screen (`http/page-data.ts`). */
  pageData?: readonly PageData[];
};

export function defineModule(manifest: ModuleManifest): ModuleManifest {
  return manifest;
}

export const menuButton = (name: string, perms: string, roles?: string[]): MenuSeed => ({
  name,
  menuType: 2,
  perms,
  roles,
});

/** The seeded roles besides the administrator (db/seed/roles.ts), for the entries every member of staff has. */
export const ALL_STAFF = ['reviewer', 'dept_admin', 'registered'];
