import { ACHIEVEMENT_SYSTEM_PERM } from '@odp/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import { defineHandler } from '../../platform/jobs/handler.js';
import type { OutboundPolicy } from '../../platform/outbound/address.js';
import { type HttpTarget, requestChecked } from '../../platform/outbound/http.js';
import { applyTransition } from '../../platform/workflow/apply.js';
import { linksToCheck, touchLinkChecked } from './repository.js';
import { achievementSubject } from './subject.js';

/** Short: a result's page either answers within seconds or a visitor would give up too. */
export const LINK_CHECK_LIMITS = { connectMs: 5_000, totalMs: 10_000, maxBytes: 64 * 1024 };

function targetOf(url: string): HttpTarget | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return {
      protocol: u.protocol === 'https:' ? 'https' : 'http',
      hostname: u.hostname.replace(/^\[|\]$/g, ''),
      port: u.port ? Number(u.port) : null,
      path: `${u.pathname}${u.search}`,
    };
  } catch {
    return null;
  }
}

/** Answered below 400 (a redirect counts: the site is there). */
const fine = (status: number) => status < 400;

/**
 * Whether the address answers: HEAD first, then GET for servers that refuse HEAD. Only through the
 * outbound rules (public addresses or the allow-list). Null when reachable, else why not.
 */
export async function probeLink(url: string, policy: OutboundPolicy): Promise<string | null> {
  const target = targetOf(url);
  if (!target) return '地址格式不正确';
  const headers = { 'user-agent': 'BinjiangOpenData-LinkCheck/1.0', accept: '*/*' };
  let reason = '无法连接';
  for (const method of ['HEAD', 'GET'] as const) {
    try {
      const answer = await requestChecked(target, { method, headers }, policy, LINK_CHECK_LIMITS);
      if (fine(answer.status)) return null;
      reason = `HTTP ${answer.status}`;
    } catch (e) {
      const err = e as { reason?: string; message?: string };
      // A page larger than the cap did answer.
      if (err.reason === 'tooLarge') return null;
      reason = err.reason === 'timeout' ? '连接超时' : (err.message ?? '无法连接').slice(0, 100);
    }
  }
  return reason;
}

/**
 * One pass over published results with an address: an unreachable one is marked 失效 (its owner is
 * told, once, by the subject's write); a reachable one marked before is cleared. Both go through the
 * kernel as the platform, so they appear in the result's 操作日志.
 */
export async function checkLinks(db: Db, policy: OutboundPolicy, limit: number, signal?: AbortSignal) {
  const actor = systemActor([ACHIEVEMENT_SYSTEM_PERM]);
  let broken = 0;
  let restored = 0;
  let checked = 0;
  for (const row of await linksToCheck(db, limit)) {
    if (signal?.aborted) break;
    checked++;
    const failure = await probeLink(row.url ?? '', policy);
    if (failure && !row.linkBroken) {
      await applyTransition(db, actor, achievementSubject, row.id, 'markBroken', { extra: { linkError: failure } });
      broken++;
    } else if (!failure && row.linkBroken) {
      await applyTransition(db, actor, achievementSubject, row.id, 'markReachable');
      restored++;
    } else {
      await touchLinkChecked(db, row.id, failure);
    }
  }
  return { checked, broken, restored };
}

export const achievementLinkCheck = defineHandler({
  name: 'achievementLinkCheck',
  title: '应用成果链接检查',
  description:
    '检查已发布应用成果的访问地址（先 HEAD 后 GET），无法访问的标记为“失效”并通知成果所有者，恢复访问后自动取消标记。',
  parameterHelp: '{"limit": 每次最多检查的成果数，默认 500}',
  schema: z.strictObject({ limit: z.number().int().min(1).max(5000).default(500) }),
  async run(ctx, params) {
    const policy = { allow: ctx.config.outboundAllow, lookup: ctx.config.outboundLookup };
    const r = await checkLinks(ctx.db, policy, params.limit, ctx.signal);
    return `检查 ${r.checked} 个，新标记失效 ${r.broken} 个，恢复 ${r.restored} 个`;
  },
});
