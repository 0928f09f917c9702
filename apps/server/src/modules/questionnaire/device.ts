import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that tells one browser from another for anonymous questionnaires. */
export const DEVICE_COOKIE = 'odp_qdev';
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * A device token is `<uuid>.<mac>`, the MAC an HMAC-SHA256 of the uuid under a key derived from the
 * platform's secret key, so a visitor cannot make up tokens to answer again: a token that does not
 * check is ignored and a new one issued. It holds nothing about the person.
 */
export function deviceTokens(key: () => Buffer) {
  const mac = (id: string) => createHmac('sha256', key()).update(`questionnaire-device:${id}`).digest('base64url');
  return {
    /** The device id of a valid cookie, or null. */
    read(req: FastifyRequest): string | null {
      const header = req.headers.cookie ?? '';
      for (const part of header.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name !== DEVICE_COOKIE) continue;
        const [id, given] = rest.join('=').split('.');
        if (!id || !given || !/^[0-9a-f-]{36}$/.test(id)) return null;
        const want = Buffer.from(mac(id));
        const got = Buffer.from(given);
        return want.length === got.length && timingSafeEqual(want, got) ? id : null;
      }
      return null;
    },
    /** The cookie's device, or a new one set on the reply. */
    ensure(req: FastifyRequest, reply: FastifyReply): string {
      const known = this.read(req);
      if (known) return known;
      const id = randomUUID();
      const secure = req.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'Set-Cookie',
        `${DEVICE_COOKIE}=${id}.${mac(id)}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
      );
      return id;
    },
  };
}
export type DeviceTokens = ReturnType<typeof deviceTokens>;
