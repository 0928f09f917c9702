import { describe, expect, it } from 'vitest';
import { isAllowedAddress, parseAllowList, resolveOutbound, unmapIPv4 } from './address.js';

const none = parseAllowList('');

describe('outbound addresses', () => {
  it('refuses loopback, link-local, metadata, private, shared and reserved addresses, in both families', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '0.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:192.168.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
    ]) {
      expect(isAllowedAddress(address, none), address).toBe(false);
    }
  });

  it('allows public addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2400:3200::1', '::ffff:8.8.8.8']) {
      expect(isAllowedAddress(address, none), address).toBe(true);
    }
  });

  it('lets an allowlisted range through, and only that range', () => {
    const allow = parseAllowList('127.0.0.1/32, 10.20.0.0/16');
    expect(isAllowedAddress('127.0.0.1', allow)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', allow)).toBe(true);
    expect(isAllowedAddress('127.0.0.2', allow)).toBe(false);
    expect(isAllowedAddress('10.20.3.4', allow)).toBe(true);
    expect(isAllowedAddress('10.21.3.4', allow)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', allow)).toBe(false);
  });

  it('refuses an allowlist entry that is not a range', () => {
    expect(() => parseAllowList('localhost')).toThrow(/无效的地址范围/);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/无效的地址范围/);
  });

  it('unmaps IPv4-mapped IPv6 addresses', () => {
    expect(unmapIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(unmapIPv4('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(unmapIPv4('2400:3200::1')).toBe('2400:3200::1');
  });

  it('resolves a name once and answers the checked address; refuses a name resolving inward', async () => {
    const lookup = async (host: string) =>
      host === 'db.example.org'
        ? [{ address: '203.119.1.10', family: 4 }]
        : host === 'mixed.example.org'
          ? [
              { address: '203.119.1.10', family: 4 },
              { address: '10.0.0.5', family: 4 },
            ]
          : [{ address: '169.254.169.254', family: 4 }];
    expect(await resolveOutbound('db.example.org', { allow: none, lookup })).toBe('203.119.1.10');
    await expect(resolveOutbound('mixed.example.org', { allow: none, lookup })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('不允许连接本机、内网或保留地址'),
    });
    await expect(resolveOutbound('metadata.internal', { allow: none, lookup })).rejects.toMatchObject({
      status: 400,
    });
    // The real resolver: localhost is loopback.
    await expect(resolveOutbound('localhost', { allow: none })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses anything that is not a plain host: URLs, ports, user info, options', async () => {
    for (const host of ['http://8.8.8.8', '8.8.8.8:80', 'user@8.8.8.8', 'a b', 'x/y', 'db?ssl=true', '']) {
      await expect(resolveOutbound(host, { allow: none }), host).rejects.toMatchObject({ status: 400 });
    }
  });
});
