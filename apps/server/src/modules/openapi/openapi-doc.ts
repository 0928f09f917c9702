import {
  OPEN_API_PREFIX,
  OPEN_FILTER_OP_LABEL,
  OPEN_FILTER_OPS,
  OPEN_ROWS_DEFAULT_LIMIT,
  OPEN_ROWS_MAX_LIMIT,
  OPEN_ROWS_MAX_OFFSET,
  type OpenDatasetField,
} from '@odp/contracts';
import type { OpenEntry } from './datasets.js';

const SCHEMA_TYPE: Record<OpenDatasetField['type'], { type: string; format?: string }> = {
  string: { type: 'string' },
  number: { type: 'string', format: 'decimal' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  boolean: { type: 'string' },
};

/**
 * An OpenAPI 3.0 description of one dataset's rows endpoint, with a parameter per field and operator,
 * so that a developer's tools can generate a client for exactly this dataset.
 */
export function datasetOpenApi(entry: OpenEntry, fields: OpenDatasetField[], base: string) {
  const filterParams = fields
    .filter((f) => !f.masked)
    .flatMap((f) =>
      OPEN_FILTER_OPS.map((op) => ({
        name: op === 'eq' ? f.key : `${f.key}.${op}`,
        in: 'query',
        required: false,
        description: `${f.name}${OPEN_FILTER_OP_LABEL[op]}${op === 'like' ? '（不区分大小写）' : ''}`,
        schema: SCHEMA_TYPE[f.type],
      })),
    );
  const rowSchema = {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((f) => [
        f.key,
        { ...SCHEMA_TYPE[f.type], nullable: true, description: `${f.name}${f.masked ? '（已脱敏）' : ''}` },
      ]),
    ),
  };
  return {
    openapi: '3.0.3',
    info: {
      title: entry.catalogName,
      version: entry.dataUpdateTime?.toISOString() ?? entry.updatedAt.toISOString(),
      description: `${entry.informationSummary}\n\n提供单位：${entry.departName ?? ''}。${
        entry.openType === '2'
          ? '有条件开放：须使用已获授权的应用签名调用。'
          : '无条件开放：可匿名调用，使用应用密钥可获得更高配额。'
      }`,
    },
    servers: [{ url: `${base}${OPEN_API_PREFIX}` }],
    components: {
      securitySchemes: {
        appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
        timestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp' },
        nonce: { type: 'apiKey', in: 'header', name: 'X-Nonce' },
        signature: { type: 'apiKey', in: 'header', name: 'X-Signature' },
      },
      schemas: { Row: rowSchema },
    },
    security: entry.openType === '2' ? [{ appKey: [], timestamp: [], nonce: [], signature: [] }] : [{}, { appKey: [] }],
    paths: {
      [`/datasets/${entry.id}/rows`]: {
        get: {
          summary: `查询“${entry.catalogName}”的数据行`,
          parameters: [
            {
              name: 'q',
              in: 'query',
              description: '在未脱敏的字段中检索包含该词的行',
              schema: { type: 'string', maxLength: 100 },
            },
            { name: 'fields', in: 'query', description: '返回的字段，逗号分隔', schema: { type: 'string' } },
            {
              name: 'sort',
              in: 'query',
              description: '排序字段，逗号分隔，前缀 - 为降序，最多 3 个',
              schema: { type: 'string' },
            },
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: OPEN_ROWS_MAX_LIMIT, default: OPEN_ROWS_DEFAULT_LIMIT },
            },
            {
              name: 'offset',
              in: 'query',
              schema: { type: 'integer', minimum: 0, maximum: OPEN_ROWS_MAX_OFFSET, default: 0 },
            },
            { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
            {
              name: 'resource',
              in: 'query',
              description: '数据资源 ID（默认为挂载的数据表或最新的数据文件）',
              schema: { type: 'string', format: 'uuid' },
            },
            ...filterParams,
          ],
          responses: {
            '200': {
              description: '数据行',
              headers: {
                'X-RateLimit-Limit': { schema: { type: 'integer' } },
                'X-RateLimit-Remaining': { schema: { type: 'integer' } },
                'X-RateLimit-Reset': { description: '配额重置时间（Unix 秒）', schema: { type: 'integer' } },
              },
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      success: { type: 'boolean' },
                      code: { type: 'integer' },
                      message: { type: 'string' },
                      result: {
                        type: 'object',
                        properties: {
                          total: { type: 'integer' },
                          totalCapped: { type: 'boolean' },
                          offset: { type: 'integer' },
                          limit: { type: 'integer' },
                          rows: { type: 'array', items: { $ref: '#/components/schemas/Row' } },
                        },
                      },
                    },
                  },
                },
                'text/csv': { schema: { type: 'string' } },
              },
            },
            '400': { description: '参数错误' },
            '401': { description: '应用密钥或签名无效' },
            '403': { description: '未获授权' },
            '429': { description: '超出调用配额（见 Retry-After）' },
          },
        },
      },
    },
  };
}
