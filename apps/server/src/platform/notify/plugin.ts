import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createMailProvider, type MailProvider } from './mail.js';
import { createNotifyDispatcher } from './outbox.js';
import { createSmsProvider, type SmsProvider } from './sms.js';

export type Notify = {
  sms: SmsProvider;
  mail: MailProvider;
  /** Sends the queued notifications now; resolves when none is left (tests, shutdown). */
  flush(): Promise<void>;
};

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyInstance {
    notify: Notify;
  }
}

/**
 * The outbound channels of this instance: one SMS provider (codes and notifications) and one mail
 * provider, and the dispatcher that sends the notifications business messages queued.
 */
export const notifyPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; database: Database }) => {
    const sms = createSmsProvider(opts.config, app.log);
    const mail = createMailProvider(opts.config, app.log);
    const dispatcher = createNotifyDispatcher({
      database: opts.database,
      sms,
      mail,
      publicUrl: opts.config.publicUrl,
      log: app.log,
    });
    app.decorate('notify', { sms, mail, flush: dispatcher.flush });
    app.addHook('onReady', () => dispatcher.start());
    app.addHook('onClose', () => dispatcher.stop());
  },
  { name: 'odp-notify' },
);
