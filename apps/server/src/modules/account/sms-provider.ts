import type { DevSmsMessage } from '@odp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';

/** One text message to one number; `code` is passed apart so that a provider with templates can fill its own. */
export type SmsMessage = { mobile: string; code: string; purpose: string; text: string };

/**
 * How SMS codes leave the platform, chosen by `SMS_PROVIDER`. A carrier's provider implements `send`
 * (through `platform/outbound` when it calls out) and is added to `createSmsProvider`.
 */
export type SmsProvider = {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /** Messages sent by this instance, newest first, for the development inbox; absent when there is none. */
  inbox?(): readonly DevSmsMessage[];
};

const INBOX_SIZE = 50;

/**
 * The default provider: every code goes to the server log, and outside production to an in-memory
 * inbox of this instance (the last 50), which `/dev/sms-inbox` shows so that demos and tests work
 * without a carrier.
 */
export function logSmsProvider(opts: { log?: FastifyBaseLogger; keepInbox: boolean }): SmsProvider {
  const kept: DevSmsMessage[] = [];
  return {
    name: 'log',
    async send({ mobile, code, purpose, text }) {
      opts.log?.info({ sms: { mobile, purpose } }, `短信验证码 ${mobile}: ${code}`);
      if (!opts.keepInbox) return;
      kept.unshift({ mobile, code, purpose, text, sentAt: new Date().toISOString() });
      kept.length = Math.min(kept.length, INBOX_SIZE);
    },
    inbox: opts.keepInbox ? () => kept : undefined,
  };
}

export function createSmsProvider(config: Config, log?: FastifyBaseLogger): SmsProvider {
  switch (config.sms.provider) {
    case 'log':
      if (config.env === 'production') {
        log?.warn('SMS_PROVIDER=log：短信验证码只写入服务器日志，生产环境请接入短信服务商');
      }
      return logSmsProvider({ log, keepInbox: config.env !== 'production' });
  }
}
