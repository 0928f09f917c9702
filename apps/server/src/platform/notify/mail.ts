import type { DevMailMessage } from '@odp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { DEV_INBOX_SIZE } from './sms.js';

/** One plain-text mail to one address; `category` names the business message's category when it is a notification. */
export type MailMessage = { to: string; subject: string; text: string; category: string | null };

/**
 * How mails leave the platform, chosen by `MAIL_PROVIDER`. An SMTP provider implements `send`
 * (connecting through `platform/outbound`) and is added to `createMailProvider`.
 */
export type MailProvider = {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  /** Mails sent by this instance, newest first, for the development inbox; absent when there is none. */
  inbox?(): readonly DevMailMessage[];
};

/**
 * The default provider: the server log records that a mail was sent (address and subject), and
 * outside production an in-memory inbox of this instance keeps the last 50 for `/dev/mail-inbox`.
 */
export function logMailProvider(opts: { log?: FastifyBaseLogger; keepInbox: boolean }): MailProvider {
  const kept: DevMailMessage[] = [];
  return {
    name: 'log',
    async send({ to, subject, text, category }) {
      opts.log?.info({ mail: { to, category } }, `邮件通知 ${to}: ${subject}`);
      if (!opts.keepInbox) return;
      kept.unshift({ to, subject, text, category, sentAt: new Date().toISOString() });
      kept.length = Math.min(kept.length, DEV_INBOX_SIZE);
    },
    inbox: opts.keepInbox ? () => kept : undefined,
  };
}

export function createMailProvider(config: Config, log?: FastifyBaseLogger): MailProvider {
  switch (config.mail.provider) {
    case 'log':
      if (config.env === 'production') {
        log?.warn('MAIL_PROVIDER=log：邮件只写入服务器日志，生产环境请接入邮件服务');
      }
      return logMailProvider({ log, keepInbox: config.env !== 'production' });
  }
}
