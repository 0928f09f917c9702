import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`) in this process on a loopback port, for tests of
 * single sign-on: one confidential client that must use PKCE, its development sign-in form (any login
 * name, any password), consent granted by itself. A login name's claims are `preferred_username` =
 * the name, `name` = 外部用户<name>, `email` and `phone_number` derived from it, unless `accounts`
 * gives others.
 */
export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

export async function startTestProvider(opts: {
  redirectUris: string[];
  port?: number;
  accounts?: Record<string, Record<string, string>>;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'odp-test';
  const clientSecret = 'odp-test-secret-0123456789abcdef';
  const claimsOf = (id: string) => ({
    sub: id,
    preferred_username: id,
    name: `外部用户${id}`,
    email: `${id}@idp.test`,
    phone_number: `139${String(Math.abs(hash(id)) % 1e8).padStart(8, '0')}`,
    ...(opts.accounts?.[id] ?? {}),
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // The dev sign-in form's login name is the account id; accounts are told apart by it.
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => claimsOf(id) };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'nickname'],
      email: ['email'],
      phone: ['phone_number'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['odp-test-provider-cookie-key'] },
    // Consent is given by itself: the client is the platform's own.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email phone');
      await grant.save();
      return grant;
    },
  });
  // Quiet: the development-only warnings are expected here.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function hash(s: string) {
  let h = 0;
  for (const c of s) h = (h * 31 + (c.codePointAt(0) ?? 0)) | 0;
  return h;
}

/**
 * What a browser does at the provider, in plain HTTP: follows the authorization address to the
 * sign-in form, submits `login`, and follows the provider's redirects until one leaves it for the
 * client's redirect URI, which is answered (not followed).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair.split('=');
      jar.set(k, v.join('='));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"'))
      throw new Error(`unexpected provider page ${res.status}: ${html.slice(0, 300)}`);
    const posted = await send(new URL(action.replace(/&amp;/g, '&'), url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    const after = posted.headers.get('location');
    if (!after) throw new Error(`sign-in not accepted: ${posted.status}`);
    const next = new URL(after, url);
    if (next.origin !== origin) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}
