/**
 * How a call to the open data API is signed (no crypto here, so the web, scripts and the server share
 * the exact text that is signed):
 *
 *   X-App-Key: <appKey>
 *   X-Timestamp: <Unix time in milliseconds>
 *   X-Nonce: <8–64 letters, digits, - or _; never reused>
 *   X-Signature: hex(HMAC-SHA256(secret, stringToSign))
 *
 * stringToSign = METHOD \n path \n canonical query \n timestamp \n nonce, where the path is the URL's
 * path as sent (percent-encoded as sent) and the canonical query sorts the decoded parameters by name,
 * then value, and encodes each with encodeURIComponent.
 */
export const SIGNATURE_HEADERS = {
  appKey: 'x-app-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** A signed call older or newer than this is refused (and its nonce need not be kept longer). */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function canonicalQuery(params: Iterable<[string, string]>): string {
  return [...params]
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export function stringToSign(req: {
  method: string;
  path: string;
  query: Iterable<[string, string]>;
  timestamp: string;
  nonce: string;
}): string {
  return [req.method.toUpperCase(), req.path, canonicalQuery(req.query), req.timestamp, req.nonce].join('\n');
}
