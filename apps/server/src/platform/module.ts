import type { SubjectState } from '@odp/contracts';
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db, Executor, Tx } from '../db/client.js';
import type { Actor } from './auth/actor.js';
import type { PageData } from './http/page-data.js';
import type { JobHandler } from './jobs/handler.js';
import type { QuickReplyProvider } from './messaging/quick-reply.js';
import type { OpsSource } from './operations/source.js';
import type { DataRuleColumns } from './resource/data-rules.js';
import type { SearchSubject } from './search/subject.js';
import type { SearchTabProvider } from './search/tab.js';
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

/**
 * The number shown on a menu entry at sign-in, such as the work orders waiting for review. It is given
 * the signed-in user, so that a count may be of what that user owes (their department's reviews).
 */
export type MenuBadge = (db: Db, actor?: Actor) => Promise<number>;

/**
 * Workflow tasks of another subject that the 工单 inbox (`/api/workcatalog/list`) lists beside the
 * catalogue's own, because they are about a catalogue entry (a share application's 数源部门 and 大数据局
 * reviews). Each expression is SQL over the `wf_task` row being listed, so that the inbox joins the
 * entry, filters and pages all kinds of task in one statement.
 */
export type WorkOrderSource = {
  subjectType: string;
  /** The spec's `workStatus` of its rows, which tells the page which view opens ('1' is the catalogue's). */
  workStatus: string;
  /** The catalogue entry the task's record is about. */
  catalogId: SQL;
  /** 发起部门: the department that asked. */
  launchOrgCode: SQL;
  /** 流程编码 of the record. */
  processCode: SQL;
  /** Which of its tasks the actor may list: a condition on `wf_task`, `false` when none. */
  visibleTo(actor: Actor): SQL;
};

/** Catalogue entries that stopped being available: taken off shelf (下架审核通过) or deleted. */
export type CatalogueWithdrawal = { catalogIds: readonly string[]; reason: 'offShelf' | 'deleted'; now: Date };

/**
 * What a module does, inside the catalogue transition's own transaction, when entries are withdrawn
 * (a share or open application's grant ends at once). The catalogue calls every module's hook without
 * knowing which modules hold grants.
 */
export type CatalogueWithdrawnHook = (tx: Tx, withdrawal: CatalogueWithdrawal) => Promise<void>;

/** A transition the workflow kernel just applied, seen inside its transaction (after the history row). */
export type AppliedTransition = {
  subjectType: string;
  action: string;
  id: string;
  from: SubjectState;
  to: SubjectState;
  orgCode: string | null;
  applicantOrgCode: string | null;
  now: Date;
};

/**
 * What a module does, in the transaction of any subject's transition (the big screen's live feed of
 * releases and applications): the kernel calls every module's observer without knowing what they do.
 */
export type TransitionObserver = (tx: Tx, applied: AppliedTransition) => Promise<void>;

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
  /** Tabs of the site search the module's content fills (one per search type). */
  searchTabs?: readonly SearchTabProvider[];
  /** Answers written into a public page's HTML for its first screen (`http/page-data.ts`). */
  pageData?: readonly PageData[];
  /** Tasks of the module's subjects the 工单 inbox lists beside the catalogue's. */
  workOrders?: readonly WorkOrderSource[];
  /** Called in the transaction that takes a catalogue entry off shelf or deletes it. */
  onCatalogueWithdrawn?: CatalogueWithdrawnHook;
  /** Kinds of background task the module runs, for 任务运维 (/OPS). */
  operations?: readonly OpsSource[];
  /** 快捷回复: how the message centre answers the module's records from a message about them. */
  quickReplies?: readonly QuickReplyProvider[];
  /** Called in the transaction of every workflow transition, after its history row. */
  onTransition?: TransitionObserver;
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
