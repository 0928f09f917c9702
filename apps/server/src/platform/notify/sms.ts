import type { DevSmsMessage } from '@odp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';

/**
 * One text message to one number: a verification code (`code` passed apart so that a provider with
 * templates can fill its own) or a plain notification of a business message's category.
 */
export type SmsMessage =
  | { kind: 'code'; mobile: string; code: string; purpose: string; text: string }
  | { kind: 'notice'; mobile: string; category: string; text: string };

/**
 * How text messages leave the platform, chosen by `SMS_PROVIDER`. A carrier's provider implements
 * `send` (through `platform/outbound` when it calls out) and is added to `createSmsProvider`.
 */
export type SmsProvider = {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /** Messages sent by this instance, newest first, for the development inbox; absent when there is none. */
  inbox?(): readonly DevSmsMessage[];
};

export const DEV_INBOX_SIZE = 50;

/**
 * The default provider: every message goes to the server log, and outside production to an in-memory
 * inbox of this instance (the last 50), which `/dev/sms-inbox` shows so that demos and tests work
 * without a carrier. A notification's text is not logged (only its number and category).
 */
export function logSmsProvider(opts: { log?: FastifyBaseLogger; keepInbox: boolean }): SmsProvider {
  const kept: DevSmsMessage[] = [];
  return {
    name: 'log',
    async send(message) {
      const { mobile, text } = message;
      if (message.kind === 'code') {
        opts.log?.info({ sms: { mobile, purpose: message.purpose } }, `短信验证码 ${mobile}: ${message.code}`);
      } else {
        opts.log?.info({ sms: { mobile, category: message.category } }, `短信通知 ${mobile}`);
      }
      if (!opts.keepInbox) return;
      kept.unshift({
        mobile,
        text,
        code: message.kind === 'code' ? message.code : null,
        purpose: message.kind === 'code' ? message.purpose : `notify:${message.category}`,
        sentAt: new Date().toISOString(),
      });
      kept.length = Math.min(kept.length, DEV_INBOX_SIZE);
    },
    inbox: opts.keepInbox ? () => kept : undefined,
  };
}

export function createSmsProvider(config: Config, log?: FastifyBaseLogger): SmsProvider {
  switch (config.sms.provider) {
    case 'log':
      if (config.env === 'production') {
        log?.warn('SMS_PROVIDER=log：短信只写入服务器日志，生产环境请接入短信服务商');
      }
      return logSmsProvider({ log, keepInbox: config.env !== 'production' });
  }
}
