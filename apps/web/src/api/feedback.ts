import { Modal, message, notification } from 'antd';

/**
 * Where the request client shows its notices. Static antd functions until the app mounts, then the
 * instances of antd's <App> (bound in app/providers) so notices follow the theme and locale.
 */
export type Feedback = {
  message: Pick<typeof message, 'success' | 'error' | 'warning' | 'info'>;
  notification: Pick<typeof notification, 'success' | 'error' | 'warning' | 'info'>;
  modal: Pick<typeof Modal, 'confirm' | 'error' | 'info' | 'warning' | 'success'>;
};

export const feedback: Feedback = { message, notification, modal: Modal };

export function bindFeedback(next: Feedback) {
  Object.assign(feedback, next);
}
