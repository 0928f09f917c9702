import type { FastifyReply } from 'fastify';

/**
 * Headers of a file sent as an attachment: an ASCII fallback name plus the RFC 5987 `filename*`
 * for the real (Chinese) name, the type, and `nosniff` so that browsers never render it.
 */
export function sendAsAttachment(reply: FastifyReply, fileName: string, mimeType: string, size?: number) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  reply
    .header('Content-Type', mimeType)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (size !== undefined) reply.header('Content-Length', String(size));
  return reply;
}
