import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from '@/api/feedback';

/** antd's message, notification and confirmation parts, inside the app's theme and locale. */
export default function FeedbackHost() {
  const [messageApi, messages] = message.useMessage();
  const [notificationApi, notifications] = notification.useNotification();
  const [modalApi, modals] = Modal.useModal();
  useEffect(
    () => bindFeedback({ message: messageApi, notification: notificationApi, modal: modalApi }),
    [messageApi, notificationApi, modalApi],
  );
  return (
    <>
      {messages}
      {notifications}
      {modals}
    </>
  );
}
