import { mkdirSync } from 'node:fs';
import type { BlockList } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowList } from './platform/outbound/address.js';

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // An empty value means the embedded database, as when the variable is unset.
  DATABASE_URL: z.union([z.string().url(), z.literal('').transform(() => undefined)]).optional(),
  API_BASE: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+$/)
    .default('/dtwave-om'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  DEVELOPER_CAMP_URL: z.string().url().default('https://developer.binjiang.gov.cn'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  // The address visitors use; only its scheme is read here (an https one turns on HTTPS-only headers).
  PUBLIC_URL: z.union([z.string().url(), z.literal('').transform(() => undefined)]).optional(),
  HTTPS_ONLY: z.enum(['0', '1']).default('0'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  JOBS_ENABLED: z.enum(['0', '1']).default('1'),
  // Comma-separated CIDR ranges data sources may reach although they are loopback or private.
  DATASOURCE_ALLOW: z.string().optional(),
  // 32 bytes (64 hex digits or base64) sealing data-source passwords; generated into DATA_DIR when unset.
  DATASOURCE_SECRET_KEY: z.string().optional(),
  OPEN_API_QUOTAS: z.enum(['0', '1']).default('1'),
  // Single sign-on by OpenID Connect (authorization code with PKCE); unset issuer means none offered.
  OIDC_ISSUER: z.union([z.string().url(), z.literal('').transform(() => undefined)]).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().max(30).default('统一身份认证'),
  OIDC_USER_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .default('preferred_username'),
  OIDC_SCOPES: z.string().default('openid profile email phone'),
  OIDC_AUTO_PROVISION: z.enum(['0', '1']).default('0'),
  // Where the provider sends the browser back; default PUBLIC_URL (else the request's address) + the callback path.
  OIDC_REDIRECT_URI: z.union([z.string().url(), z.literal('').transform(() => undefined)]).optional(),
  // Comma-separated CIDR ranges the identity provider may be reached at although loopback or private.
  OIDC_ALLOW: z.string().optional(),
  // The secret shared with the trusted sibling system that hands users over at /sgSso (HMAC-SHA256, ≥ 32 characters).
  SG_SSO_SECRET: z.union([z.string().min(32, '至少 32 个字符'), z.literal('').transform(() => undefined)]).optional(),
  // 32 bytes (64 hex digits or base64) signing the sign-in tokens of 功能导航's applications; generated into DATA_DIR when unset.
  NAV_TOKEN_SECRET: z.string().optional(),
  // Comma-separated origins (https://host[:port]) 功能导航 may embed in /system/EmbedPage.
  NAV_EMBED_ORIGINS: z.string().optional(),
  // How SMS codes reach people: 'log' writes them to the server log (and, outside production, the development inbox).
  SMS_PROVIDER: z.enum(['log']).default('log'),
  SMS_DAILY_PER_MOBILE: z.coerce.number().int().min(1).default(10),
  SMS_DAILY_PER_IP: z.coerce.number().int().min(1).default(50),
  // How notification mails reach people: 'log' writes them to the server log (and, outside production, the development inbox).
  MAIL_PROVIDER: z.enum(['log']).default('log'),
  // 'checksum' checks the 身份证 number and waits for a real provider; 'checksum-trusted' (demos) marks 已认证.
  IDENTITY_VERIFIER: z.enum(['checksum', 'checksum-trusted']).default('checksum'),
  // Demo only: 交通运输局's own database (mysql://, mariadb://, postgres://), the target of a demo exchange.
  DEMO_DEPARTMENT_DATABASE: z
    .string()
    .regex(
      /^(mysql|mariadb|postgres|postgresql):\/\/[^/]+\/[^/?#]+$/,
      '须为 mysql://、mariadb:// 或 postgres:// 开头的连接串',
    )
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  apiBase: string;
  sessionIdleMs: number;
  /** Demo accounts with their documented passwords: never in production unless SEED_DEMO=1. */
  seedDemoPasswords: boolean;
  logLevel: string;
  webDist: string;
  developerCampUrl: string;
  trustProxy: boolean;
  /**
   * The deployment is reached over HTTPS only (HTTPS_ONLY=1 or an https PUBLIC_URL): every answer
   * carries HSTS and `upgrade-insecure-requests`. Otherwise only answers to requests that came over
   * HTTPS do (see platform/http/security-headers.ts), so that plain-HTTP intranets keep working.
   */
  httpsOnly: boolean;
  /** Sign-in attempts per client address per minute. */
  loginRateLimit: number;
  /** Runs the scheduled jobs in this instance (JOBS_ENABLED, default on; the test harness turns it off). */
  jobsEnabled: boolean;
  /** Loopback or private ranges outbound connections may reach all the same (DATASOURCE_ALLOW). */
  outboundAllow: BlockList;
  /** The key sealing data-source passwords; unset means the data folder's generated key. */
  datasourceSecretKey?: string;
  /** Counts open-API calls against the quotas of dict open_api_quota (OPEN_API_QUOTAS, default on). */
  openApiQuotas: boolean;
  /** The SMS provider (SMS_PROVIDER) and the codes a number and a client address may ask for per day (Beijing). */
  sms: { provider: 'log'; dailyPerMobile: number; dailyPerIp: number };
  /** The mail provider of notifications (MAIL_PROVIDER, `platform/notify/mail.ts`). */
  mail: { provider: 'log' };
  /** How a submitted 身份证 number is verified (IDENTITY_VERIFIER, `modules/account/identity.ts`). */
  identityVerifier: 'checksum' | 'checksum-trusted';
  /**
   * Demo only (DEMO_DEPARTMENT_DATABASE): a database standing for 交通运输局's own, into which the
   * demo's share application in use is exchanged on the first start.
   */
  demoDepartmentDatabase?: string;
  /** OpenID Connect sign-on, when OIDC_ISSUER is set (see modules/sso). */
  oidc?: OidcConfig;
  /** The secret of the sibling system's hand-off at /sgSso (SG_SSO_SECRET); unset means not offered. */
  sgSsoSecret?: string;
  publicUrl?: string;
  /** The key signing 功能导航's sign-in tokens (NAV_TOKEN_SECRET); unset means the data folder's generated key. */
  navTokenSecret?: string;
  /** Origins 功能导航 may embed (NAV_EMBED_ORIGINS); also the page's `frame-src`. */
  navEmbedOrigins: string[];
  /** Resolves host names for outbound connections; tests give their own, the server uses the system's. */
  outboundLookup?: (host: string) => Promise<{ address: string; family: number }[]>;
};

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  name: string;
  userClaim: string;
  scopes: string;
  autoProvision: boolean;
  redirectUri?: string;
  /** Loopback or private ranges the provider may be reached at (OIDC_ALLOW). */
  allow: BlockList;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`配置错误: ${problems}`);
  }
  const e = parsed.data;
  let outboundAllow: BlockList;
  try {
    outboundAllow = parseAllowList(e.DATASOURCE_ALLOW);
  } catch (err) {
    throw new Error(`配置错误: DATASOURCE_ALLOW: ${(err as Error).message}`);
  }
  let oidc: OidcConfig | undefined;
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID) throw new Error('配置错误: OIDC_CLIENT_ID: 配置 OIDC_ISSUER 时必填');
    let allow: BlockList;
    try {
      allow = parseAllowList(e.OIDC_ALLOW);
    } catch (err) {
      throw new Error(`配置错误: OIDC_ALLOW: ${(err as Error).message}`);
    }
    oidc = {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET || undefined,
      name: e.OIDC_NAME,
      userClaim: e.OIDC_USER_CLAIM,
      scopes: e.OIDC_SCOPES,
      autoProvision: e.OIDC_AUTO_PROVISION === '1',
      redirectUri: e.OIDC_REDIRECT_URI,
      allow,
    };
  }
  const navEmbedOrigins = parseOrigins(e.NAV_EMBED_ORIGINS);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    apiBase: e.API_BASE,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    seedDemoPasswords: e.NODE_ENV !== 'production' || e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    developerCampUrl: e.DEVELOPER_CAMP_URL,
    trustProxy: e.TRUST_PROXY === '1',
    httpsOnly: e.HTTPS_ONLY === '1' || e.PUBLIC_URL?.toLowerCase().startsWith('https://') === true,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    jobsEnabled: e.JOBS_ENABLED === '1',
    outboundAllow,
    datasourceSecretKey: e.DATASOURCE_SECRET_KEY || undefined,
    openApiQuotas: e.OPEN_API_QUOTAS === '1',
    sms: { provider: e.SMS_PROVIDER, dailyPerMobile: e.SMS_DAILY_PER_MOBILE, dailyPerIp: e.SMS_DAILY_PER_IP },
    mail: { provider: e.MAIL_PROVIDER },
    identityVerifier: e.IDENTITY_VERIFIER,
    demoDepartmentDatabase: e.DEMO_DEPARTMENT_DATABASE || undefined,
    oidc,
    sgSsoSecret: e.SG_SSO_SECRET,
    publicUrl: e.PUBLIC_URL,
    navTokenSecret: e.NAV_TOKEN_SECRET || undefined,
    navEmbedOrigins,
  };
}

/** `https://a.example, http://b.example:8080` → their origins; anything but an http(s) origin stops the start. */
export function parseOrigins(text: string | undefined): string[] {
  const origins: string[] = [];
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(part);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      throw new Error(`配置错误: NAV_EMBED_ORIGINS: “${part}”不是 http(s) 站点地址（如 https://bi.binjiang.gov.cn）`);
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

export function ensureDataDir(config: Config) {
  mkdirSync(config.dataDir, { recursive: true });
}
