import {
  type DomainNode,
  type DomainSaveInput,
  type IndexPageQuery,
  type IndexRecord,
  type IndexSaveInput,
  AssetMessages as M,
  type Page,
  toPage,
} from '@odp/contracts';
import type { Db, Executor } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import * as repo from './repository.js';

/** The domain tree with each node's own indicator count. */
export async function domainTree(db: Executor): Promise<DomainNode[]> {
  const [rows, counts] = await Promise.all([repo.allDomains(db), repo.indexCountsByDomain(db)]);
  const nodes = new Map<string, DomainNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        domainName: r.domainName,
        parentId: r.parentId,
        level: r.level,
        indexCount: counts.get(r.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: DomainNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** A domain and every domain under it. */
export async function subtreeIds(db: Executor, id: string): Promise<string[]> {
  const rows = await repo.allDomains(db);
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
}

async function parentLevel(db: Executor, parentId: string | null): Promise<number> {
  if (!parentId) return 1;
  const parent = await repo.findDomain(db, parentId);
  if (!parent) throw badRequest(M.domainNotFound);
  return parent.level + 1;
}

export async function saveDomain(db: Db, actor: Actor, input: DomainSaveInput) {
  return db.transaction(async (tx) => {
    const level = await parentLevel(tx, input.parentId);
    if (await repo.domainNameTaken(tx, input.parentId, input.domainName)) throw badRequest(M.domainNameTaken);
    const row = await repo.insertDomain(tx, {
      domainName: input.domainName,
      parentId: input.parentId,
      level,
      createdBy: actor.userId,
    });
    await logOperation(tx, actor, { content: `新增业务域：${row.domainName}`, operateType: 'add', target: row.id });
    return row.id;
  });
}

export async function updateDomain(db: Db, actor: Actor, id: string, input: DomainSaveInput) {
  await db.transaction(async (tx) => {
    const row = await repo.findDomain(tx, id, true);
    if (!row) throw notFound(M.domainNotFound);
    if (input.parentId && (await subtreeIds(tx, id)).includes(input.parentId)) throw badRequest(M.domainParentSelf);
    const level = await parentLevel(tx, input.parentId);
    if (await repo.domainNameTaken(tx, input.parentId, input.domainName, id)) throw badRequest(M.domainNameTaken);
    await repo.updateDomain(tx, id, {
      domainName: input.domainName,
      parentId: input.parentId,
      level,
      updatedAt: new Date(),
    });
    await logOperation(tx, actor, { content: `编辑业务域：${input.domainName}`, operateType: 'edit', target: id });
  });
}

export async function deleteDomain(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await repo.findDomain(tx, id, true);
    if (!row) throw notFound(M.domainNotFound);
    const usage = await repo.domainUsage(tx, id);
    if (usage.children) throw badRequest(M.domainHasChildren);
    if (usage.indexes) throw badRequest(M.domainHasIndexes);
    await repo.deleteDomain(tx, id);
    await logOperation(tx, actor, { content: `删除业务域：${row.domainName}`, operateType: 'delete', target: id });
  });
}

type Listed = Awaited<ReturnType<typeof repo.indexesByIds>>[number];

async function present(db: Executor, rows: Listed[]): Promise<IndexRecord[]> {
  const sourceIds = [...new Set(rows.flatMap((r) => r.index.relIndexIds))];
  const names = new Map((await repo.indexesByIds(db, sourceIds)).map((s) => [s.index.id, s.index.indexName]));
  return rows.map(({ index: i, domainName, creator }) => ({
    id: i.id,
    indexName: i.indexName,
    indexType: i.indexType,
    relIndexCode: i.relIndexIds,
    relIndexNames: i.relIndexIds.map((s) => names.get(s) ?? '（已删除）'),
    domainId: i.domainId,
    domainName,
    unit: i.unit,
    frequency: i.frequency,
    bsFormula: i.bsFormula,
    enables: i.enables,
    createBy: creator,
    createTime: i.createdAt.toISOString(),
    calcName: i.calcName,
    formula: i.formula,
  }));
}

export async function pageIndexes(db: Executor, q: IndexPageQuery): Promise<Page<IndexRecord>> {
  const domainIds = q.domainId ? await subtreeIds(db, q.domainId) : null;
  const { total, rows } = await repo.pageIndexes(db, {
    domainIds,
    indexName: q.indexName || undefined,
    offset: (q.pageNo - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return toPage(await present(db, rows), total, q);
}

export async function getIndex(db: Executor, id: string): Promise<IndexRecord> {
  const [row] = await repo.indexesByIds(db, [id]);
  if (!row) throw notFound(M.indexNotFound);
  return (await present(db, [row]))[0];
}

/** Every indicator under its domain, for the 来源指标 tree-select and the scheme's indicator picker. */
export async function domainAssetTree(db: Executor) {
  const [tree, indexes] = await Promise.all([domainTree(db), repo.allIndexes(db)]);
  type Node = {
    key: string;
    title: string;
    selectable: boolean;
    isLeaf?: boolean;
    indexType?: string;
    enables?: string;
    unit?: string;
    children?: Node[];
  };
  const walk = (n: DomainNode): Node => ({
    key: n.id,
    title: n.domainName,
    selectable: false,
    children: [
      ...n.children.map(walk),
      ...indexes
        .filter((i) => i.domainId === n.id)
        .map((i) => ({
          key: i.id,
          title: i.indexName,
          selectable: true,
          isLeaf: true,
          indexType: i.indexType,
          enables: i.enables,
          unit: i.unit,
        })),
    ],
  });
  return tree.map(walk);
}

async function checkFields(tx: Executor, input: IndexSaveInput, exceptId?: string) {
  if (!(await repo.findDomain(tx, input.domainId))) throw badRequest(M.domainNotFound);
  if (await repo.indexNameTaken(tx, input.domainId, input.indexName, exceptId)) throw badRequest(M.indexNameTaken);
  const sources = [...new Set(input.relIndexCode)];
  if (input.indexType === '0' && sources.length) throw badRequest(M.sourcesOnlyComposite);
  if (input.indexType === '1') {
    if (!sources.length) throw badRequest(M.sourcesMissing);
    const found = await repo.indexesByIds(tx, sources);
    if (found.length !== sources.length || sources.includes(exceptId ?? '')) throw badRequest(M.sourcesUnknown);
    if (found.some((f) => f.index.indexType !== '0')) throw badRequest(M.sourcesSingleOnly);
  }
  return sources;
}

export async function saveIndex(db: Db, actor: Actor, input: IndexSaveInput) {
  return db.transaction(async (tx) => {
    const sources = await checkFields(tx, input);
    const row = await repo.insertIndex(tx, {
      indexName: input.indexName,
      indexType: input.indexType as '0' | '1',
      relIndexIds: sources,
      domainId: input.domainId,
      unit: input.unit,
      frequency: input.frequency,
      bsFormula: input.bsFormula,
      enables: '0',
      createdBy: actor.userId,
    });
    await logOperation(tx, actor, { content: `新增指标：${row.indexName}`, operateType: 'add', target: row.id });
    return row.id;
  });
}

async function lockedDraft(tx: Executor, id: string) {
  const row = await repo.findIndex(tx, id, true);
  if (!row) throw notFound(M.indexNotFound);
  if (row.enables === '1') throw badRequest(M.indexLocked);
  return row;
}

export async function updateIndex(db: Db, actor: Actor, id: string, input: IndexSaveInput) {
  await db.transaction(async (tx) => {
    const row = await lockedDraft(tx, id);
    const sources = await checkFields(tx, input, id);
    // A composite's formula names its sources: changing type or sources drops what no longer fits.
    const keepCalc = row.indexType === input.indexType && JSON.stringify(row.relIndexIds) === JSON.stringify(sources);
    await repo.updateIndex(tx, id, {
      indexName: input.indexName,
      indexType: input.indexType as '0' | '1',
      relIndexIds: sources,
      domainId: input.domainId,
      unit: input.unit,
      frequency: input.frequency,
      bsFormula: input.bsFormula,
      ...(keepCalc ? {} : { calcName: null, formula: null }),
    });
    await logOperation(tx, actor, { content: `编辑指标：${input.indexName}`, operateType: 'edit', target: id });
  });
}

export async function submitIndex(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockedDraft(tx, id);
    await repo.updateIndex(tx, id, { enables: '1' });
    await logOperation(tx, actor, { content: `提交指标：${row.indexName}`, operateType: 'edit', target: id });
  });
}

export async function deleteIndex(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockedDraft(tx, id);
    const usage = await repo.indexUsage(tx, id);
    if (usage.asSource) throw badRequest(M.sourceInUse);
    if (usage.inScheme) throw badRequest(M.inScheme);
    await repo.deleteIndex(tx, id);
    await logOperation(tx, actor, { content: `删除指标：${row.indexName}`, operateType: 'delete', target: id });
  });
}
