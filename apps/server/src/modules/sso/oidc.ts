import * as client from 'openid-client';
import type { OidcConfig } from '../../config.js';
import type { OutboundPolicy } from '../../platform/outbound/address.js';
import { type HttpTarget, requestChecked } from '../../platform/outbound/http.js';

/** What the identity provider said about the person who signed in there. */
export type OidcIdentity = {
  issuer: string;
  subject: string;
  claimedName: string | null;
  displayName: string | null;
  email: string | null;
  phone: string | null;
};

/** What a flow keeps server-side between the redirect to the provider and the callback. */
export type OidcFlow = { nonce: string; verifier: string; redirectUri: string };

/** Why a callback was refused, as `/sso-login?error=` codes. */
export class OidcFailure extends Error {
  constructor(readonly code: 'denied' | 'failed' | 'claim') {
    super(code);
  }
}

const LIMITS = { connectMs: 5_000, totalMs: 10_000, maxBytes: 512 * 1024 };

/**
 * Every request the OpenID Connect client makes (discovery, keys, token, userinfo) goes through
 * `platform/outbound`: only to the issuer's own host, its address public or inside OIDC_ALLOW, the
 * checked address dialled, no redirect followed.
 */
export function outboundFetch(issuer: URL, policy: OutboundPolicy): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    if (target.hostname !== issuer.hostname || (target.protocol !== 'https:' && target.protocol !== 'http:')) {
      throw new Error(`统一身份认证只连接签发方的主机：${target.host}`);
    }
    const httpTarget: HttpTarget = {
      protocol: target.protocol === 'https:' ? 'https' : 'http',
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port ? Number(target.port) : null,
      path: `${target.pathname}${target.search}`,
    };
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : Buffer.from(typeof options.body === 'string' ? options.body : String(options.body));
    const answer = await requestChecked(
      httpTarget,
      { method: options.method === 'POST' ? 'POST' : 'GET', headers: options.headers, body },
      policy,
      LIMITS,
    );
    const headers = new Headers();
    if (answer.contentType) headers.set('content-type', answer.contentType);
    return new Response(answer.status === 204 || answer.status === 304 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers,
    });
  };
}

/**
 * The configured provider: discovery happens at the first sign-in (so the server starts while the
 * provider is down) and is kept once it succeeded.
 */
export function oidcProvider(config: OidcConfig, lookup?: OutboundPolicy['lookup']) {
  const issuer = new URL(config.issuer);
  const policy: OutboundPolicy = { allow: config.allow, lookup };
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuer,
        config.clientId,
        config.clientSecret ? { client_secret: config.clientSecret } : { token_endpoint_auth_method: 'none' },
        undefined,
        {
          [client.customFetch]: outboundFetch(issuer, policy),
          // An http:// issuer is for an intranet provider or a test; https is the default everywhere else.
          ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .then((c) => {
        c[client.customFetch] = outboundFetch(issuer, policy);
        return c;
      })
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  }

  return {
    name: config.name,
    issuer: config.issuer,
    configuration,

    /** The provider's authorization address and what the callback must check. */
    async start(redirectUri: string): Promise<{ url: string; state: string; flow: OidcFlow }> {
      const c = await configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(c, {
        redirect_uri: redirectUri,
        scope: config.scopes,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, flow: { nonce, verifier, redirectUri } };
    },

    /**
     * Exchanges the code (with the PKCE verifier, the state and nonce checked by the library) and reads
     * the claims: the ID token's, completed by the userinfo answer.
     */
    async finish(callbackUrl: URL, state: string, flow: OidcFlow): Promise<OidcIdentity> {
      if (callbackUrl.searchParams.get('error')) {
        throw new OidcFailure(callbackUrl.searchParams.get('error') === 'access_denied' ? 'denied' : 'failed');
      }
      const c = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(c, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch {
        throw new OidcFailure('failed');
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new OidcFailure('failed');
      let claims: Record<string, unknown> = { ...idClaims };
      try {
        const info = await client.fetchUserInfo(c, tokens.access_token, idClaims.sub);
        claims = { ...info, ...idClaims };
      } catch {
        // The ID token's claims alone.
      }
      const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
      return {
        issuer: String(idClaims.iss),
        subject: idClaims.sub,
        claimedName: text(claims[config.userClaim], 64),
        displayName: text(claims.name, 64) ?? text(claims.nickname, 64),
        email: text(claims.email, 320),
        phone: text(claims.phone_number, 20),
      };
    },
  };
}

export type OidcProvider = ReturnType<typeof oidcProvider>;
