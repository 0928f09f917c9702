import { JobMessages } from '@odp/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Storage } from '../storage/storage.js';

/** What a handler may use while it runs. */
export type JobContext = {
  db: Db;
  /** The attachment store of this installation (under DATA_DIR). */
  storage: Storage;
  /** The installation's settings (e.g. the session idle limit, the outbound allow-list, the secret key). */
  config: Config;
  now: Date;
  /** Aborted when the run times out or the server shuts down; long handlers check it between steps. */
  signal: AbortSignal;
};

type Params = Record<string, unknown>;

/** A handler as it is written: its parameter schema and what it does; returns the run's message. */
export type JobHandlerSpec<S extends z.ZodType<Params>> = {
  name: string;
  title: string;
  description: string;
  parameterHelp: string;
  schema: S;
  run(ctx: JobContext, params: z.output<S>): Promise<string>;
};

/** The registry's view of a handler, with its parameter type erased behind `parse`. */
export type JobHandler = {
  name: string;
  title: string;
  description: string;
  parameterHelp: string;
  /** The parameter with defaults applied, or the Chinese reason it is not acceptable. */
  parse(raw: unknown): { ok: true; value: Params } | { ok: false; error: string };
  defaults(): Params;
  run(ctx: JobContext, raw: unknown): Promise<string>;
};

/** The first problem of a failed parse, naming the field, e.g. `days：不能小于 180`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '格式不正确';
  if (issue.code === 'unrecognized_keys') return `不支持的参数 ${issue.keys.join('、')}`;
  const field = issue.path.map(String).join('.');
  return field ? `${field}：${issue.message}` : issue.message;
}

export function defineHandler<S extends z.ZodType<Params>>(spec: JobHandlerSpec<S>): JobHandler {
  const parse = (raw: unknown) => {
    const parsed = spec.schema.safeParse(raw ?? {});
    return parsed.success
      ? { ok: true as const, value: parsed.data as Params }
      : { ok: false as const, error: firstIssue(parsed.error) };
  };
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    parameterHelp: spec.parameterHelp,
    parse,
    defaults() {
      const parsed = parse({});
      if (!parsed.ok) throw new Error(`handler ${spec.name} has no valid default parameter`);
      return parsed.value;
    },
    async run(ctx, raw) {
      const parsed = spec.schema.safeParse(raw ?? {});
      // A stored parameter was valid when saved; a handler whose schema changed since says so plainly.
      if (!parsed.success) throw new Error(JobMessages.badParameter(firstIssue(parsed.error)));
      return spec.run(ctx, parsed.data);
    },
  };
}
