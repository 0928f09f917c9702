import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../http/errors.js';

/**
 * Where the server may open a connection on someone's behalf (data sources, the interface
 * gateway's upstreams: `http.ts`). A host is resolved once; every address it resolves to must be public
 * or inside an administrator's allowlist, and the caller connects to the checked address itself,
 * so a second DNS answer (rebinding) cannot move the connection elsewhere.
 */

/** Loopback, link-local (cloud metadata), private, shared, reserved and multicast ranges. */
const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const FORBIDDEN_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible and NAT64 forms carry an IPv4 address that may be any of the above.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const forbidden = new BlockList();
for (const [net, prefix] of FORBIDDEN_V4) forbidden.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of FORBIDDEN_V6) forbidden.addSubnet(net, prefix, 'ipv6');

export type OutboundPolicy = {
  /** Ranges an administrator allows despite the rules above (`DATASOURCE_ALLOW`). */
  allow: BlockList;
  /** Resolves a host name to all its addresses; injectable so tests need no DNS. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
};

/** Parses `127.0.0.1/32, 10.1.0.0/16, fd12::/64`; a bad entry stops the start with its text. */
export function parseAllowList(text: string | undefined): BlockList {
  const list = new BlockList();
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [net, bits] = entry.includes('/') ? entry.split('/') : [entry, undefined];
    const family = isIP(net);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`无效的地址范围：${entry}`);
    }
    list.addSubnet(net, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** `::ffff:10.0.0.1`, `::ffff:a00:1` and `0:0:0:0:0:ffff:a00:1` are the IPv4 address they carry. */
export function unmapIPv4(address: string): string {
  if (isIP(address) !== 6) return address;
  // The URL parser writes an IPv6 address in its one canonical form (compressed, lower case, hex tail).
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return canonical;
  const hi = Number.parseInt(hex[1], 16);
  const lo = Number.parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** True when an address may be connected to under the policy. */
export function isAllowedAddress(address: string, allow: BlockList): boolean {
  const plain = unmapIPv4(address);
  const family = familyOf(plain);
  if (allow.check(plain, family) || allow.check(address, familyOf(address))) return true;
  return !forbidden.check(plain, family) && !forbidden.check(address, familyOf(address));
}

const HOST_NAME = /^(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(?:\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$/;

async function systemLookup(host: string) {
  return dnsLookup(host, { all: true, verbatim: true });
}

/**
 * Resolves `host` and answers the address to connect to. Refused (400, in Chinese) when the host is
 * not a plain name or address, does not resolve, or any of its addresses is not allowed: a name
 * that also points inward is not used at all.
 */
export async function resolveOutbound(host: string, policy: OutboundPolicy, label = '数据库地址'): Promise<string> {
  const literal = isIP(host) !== 0;
  if (!literal && !HOST_NAME.test(host)) throw badRequest(`${label}只能是主机名或 IP 地址`);
  let addresses: string[];
  if (literal) {
    addresses = [host];
  } else {
    try {
      addresses = (await (policy.lookup ?? systemLookup)(host)).map((a) => a.address);
    } catch {
      throw badRequest(`无法解析地址：${host}`);
    }
  }
  if (addresses.length === 0) throw badRequest(`无法解析地址：${host}`);
  const refused = addresses.find((a) => !isAllowedAddress(a, policy.allow));
  if (refused !== undefined) {
    throw badRequest(
      `不允许连接本机、内网或保留地址（${host}${literal ? '' : ` → ${refused}`}），如确需连接请联系管理员配置允许的地址范围`,
    );
  }
  return unmapIPv4(addresses[0]);
}
