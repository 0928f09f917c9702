import {
  OPEN_API_PREFIX,
  OPEN_APP_STATUS,
  type OpenAppSecret,
  SHARE_MASK_NOTE,
  type ShareApiInfo,
  type ShareApiParameter,
  type ShareAuthorizeInfo,
  ShareMessages,
  ShareStatus,
  type ShareUseInfo,
} from '@odp/contracts';
import type { Db } from '../../db/client.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import { apiFields, serviceOf } from '../openapi/datasets.js';
import { type AppSecrets, newAppSecret } from '../openapi/keys.js';
import { parseRowsQuery, readRows } from '../openapi/rows.js';
import {
  byId,
  defaultResourceOf,
  findEntry,
  liveGrantOf,
  rotateAppSecret,
  type ShareEntry,
  type ShareRow,
} from './repository.js';
import { visibleShare } from './service.js';

/** Rows the 数据预览 shows. */
const PREVIEW_ROWS = 10;

const SIGNATURE_HELP =
  '请求头 X-App-Key（应用 Key）、X-Timestamp（毫秒时间戳）、X-Nonce（一次性随机串）、X-Signature = HEX(HMAC-SHA256(应用密钥, 请求方法\\n路径\\n排序后的查询参数\\n时间戳\\n随机串))';

/** 使用数据: the application must be the caller department's, and in use. */
async function usable(db: Db, actor: Actor, applyId: string): Promise<{ row: ShareRow; entry: ShareEntry }> {
  const row = await visibleShare(db, actor, byId(applyId));
  if (row.applyOrgCode !== actor.orgCode) throw forbidden(ShareMessages.notApplicant);
  if (row.status !== ShareStatus.inUse) throw badRequest('该共享申请不在使用中');
  const entry = await findEntry(db, row.catalogId);
  if (!entry) throw badRequest('目录已删除');
  return { row, entry };
}

const endpointsOf = (base: string, catalogId: string) => ({
  rows: `${base}${OPEN_API_PREFIX}/datasets/${catalogId}/rows`,
  openapi: `${base}${OPEN_API_PREFIX}/datasets/${catalogId}/openapi.json`,
});

/** 使用数据 for the applying department: the preview, the interface and the key of its grant. */
export function shareUseService(secrets: AppSecrets, base: string) {
  return {
    /**
     * The entry's basics and its first rows, restricted to the granted items and masked where the
     * grant does not lift masking: the open API's own field and row reading with the grant.
     */
    async info(db: Db, actor: Actor, applyId: string): Promise<ShareUseInfo> {
      const { row, entry } = await usable(db, actor, applyId);
      const [resource, live] = await Promise.all([
        defaultResourceOf(db, entry.id, entry.mount),
        liveGrantOf(db, row.id),
      ]);
      // Without a live grant nothing is granted: no field is shown rather than every field.
      const fields = resource && live ? apiFields(resource, entry.items, live.grant) : [];
      const rows =
        resource && fields.length
          ? (await readRows(db, resource, parseRowsQuery({ limit: String(PREVIEW_ROWS) }, fields))).values
          : [];
      const mount = entry.mount as { tableName?: string } | null;
      return {
        catalogId: entry.id,
        catalogName: entry.catalogName,
        dataFormat: entry.dataFormat,
        updateFrequency: entry.updateFrequency,
        informationSummary: entry.informationSummary,
        sourceUnit: entry.departName,
        databaseTableType: entry.dataFormat === 'table' ? (mount?.tableName ?? null) : null,
        updateTime: entry.dataUpdateTime?.toISOString() ?? null,
        titleList: fields.map((f) => ({ code: f.key, title: f.name, masked: f.masked })),
        tableList: rows.map((values) => Object.fromEntries(fields.map((f, i) => [f.key, values[i]]))),
        total: resource?.rowCount ?? 0,
        maskNote: fields.some((f) => f.masked) ? SHARE_MASK_NOTE : null,
        startTime: row.grantedStartTime,
        endTime: row.grantedEndTime,
        ifForever: Boolean(row.grantedForever),
      };
    },

    /** 接口信息: the mounted interface as developers call it through the gateway, else the rows API. */
    async api(db: Db, actor: Actor, applyId: string): Promise<ShareApiInfo> {
      const { entry } = await usable(db, actor, applyId);
      const { rows } = endpointsOf(base, entry.id);
      const service = serviceOf(entry, base);
      if (!service) {
        return {
          apiAddress: rows,
          requestType: null,
          requestMethod: 'GET',
          requestParams: [],
          responseParams: [],
          requestExample: null,
          responseExample: null,
          rowsAddress: rows,
        };
      }
      const requestParams: ShareApiParameter[] = service.parameters.map((p) => ({
        name: p.parameterName,
        required: p.required,
        parameterType: p.type,
        defaultValue: p.defaultValue ?? null,
        description: p.description ?? null,
        position: p.parameterLocation,
      }));
      return {
        apiAddress: service.endpoint,
        requestType: service.parameters.some((p) => p.parameterLocation === 'body') ? 'application/json' : null,
        requestMethod: service.method,
        requestParams,
        responseParams: service.responseParameters.map((p) => ({
          name: p.parameterName,
          required: false,
          parameterType: p.type,
          defaultValue: null,
          description: p.description ?? null,
          position: null,
        })),
        requestExample: service.requestExample,
        responseExample: service.returnExample,
        rowsAddress: rows,
      };
    },

    /** 授权信息: the grant's key and where it works; the secret is never answered here. */
    async authorize(db: Db, actor: Actor, applyId: string): Promise<ShareAuthorizeInfo> {
      const { row, entry } = await usable(db, actor, applyId);
      const live = await liveGrantOf(db, row.id);
      const { rows, openapi } = endpointsOf(base, entry.id);
      const service = serviceOf(entry, base);
      return {
        appId: live?.app.id ?? null,
        appKey: live?.app.appKey ?? null,
        appName: live?.app.name ?? null,
        endpoints: [
          { label: '数据查询', url: rows, method: 'GET' },
          { label: '接口描述（OpenAPI）', url: openapi, method: 'GET' },
          ...(service ? [{ label: service.name, url: service.endpoint, method: service.method }] : []),
        ],
        signature: SIGNATURE_HELP,
        fields: live?.grant.fields ?? [],
        startsAt: live?.grant.startsAt.toISOString() ?? null,
        expiresAt: live?.grant.endsAt?.toISOString() ?? null,
      };
    },

    /** A new secret for the grant's key, answered this once (as 我的应用 makes and seals one). */
    async rotateKey(db: Db, actor: Actor, applyId: string): Promise<OpenAppSecret> {
      const { row } = await usable(db, actor, applyId);
      const secret = newAppSecret();
      return db.transaction(async (tx) => {
        const live = await liveGrantOf(tx, row.id);
        if (!live || live.app.status !== OPEN_APP_STATUS.active) throw badRequest('该共享申请没有可用的应用密钥');
        await rotateAppSecret(tx, live.app.id, secrets.seal(secret), new Date());
        await logOperation(tx, actor, {
          content: `更换共享应用密钥：${row.title}（${row.processCode}）`,
          operateType: 'share:rotateKey',
          target: row.id,
        });
        return { id: live.app.id, appKey: live.app.appKey, secret };
      });
    },
  };
}
export type ShareUseService = ReturnType<typeof shareUseService>;
