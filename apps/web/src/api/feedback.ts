import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Where the app shows its notices (messages, notifications, confirmations). The antd parts that draw
 * them are not on the portal's first load: `app/FeedbackHost` mounts them (themed, localised) when the
 * first notice is asked for, and binds them here; that notice is shown as soon as they are there.
 */
export type Feedback = {
  message: Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info' | 'loading'>;
  notification: Pick<NotificationInstance, 'success' | 'error' | 'warning' | 'info'>;
  modal: Pick<ModalApi, 'confirm' | 'error' | 'info' | 'warning' | 'success'>;
};

type Voided<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never };
/** The same calls, answered once the parts are bound (nothing is returned: the notice may come later). */
export type FeedbackCalls = { [K in keyof Feedback]: Voided<Feedback[K]> };

let bound: Feedback | undefined;
const waiting: ((api: Feedback) => void)[] = [];
let wanted: (() => void) | undefined;
let asked = false;

export function bindFeedback(next: Feedback) {
  bound = next;
  for (const show of waiting.splice(0)) show(next);
}

/** The host registers how to mount itself; a notice asked for earlier mounts it at once. */
export function onFeedbackWanted(mount: () => void) {
  wanted = mount;
  if (asked) mount();
}

function use(show: (api: Feedback) => void) {
  if (bound) return show(bound);
  waiting.push(show);
  asked = true;
  wanted?.();
}

function calls<K extends keyof Feedback>(part: K, names: (keyof Feedback[K])[]): FeedbackCalls[K] {
  return Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => use((api) => (api[part][name] as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as FeedbackCalls[K];
}

export const feedback: FeedbackCalls = {
  message: calls('message', ['success', 'error', 'warning', 'info', 'loading']),
  notification: calls('notification', ['success', 'error', 'warning', 'info']),
  modal: calls('modal', ['confirm', 'error', 'info', 'warning', 'success']),
};
