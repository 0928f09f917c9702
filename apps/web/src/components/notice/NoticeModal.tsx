import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Constants, type NoticeItem } from '@odp/contracts';
import { Button, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** The announcement of one notice (spec §2.3): 60% wide, full screen on demand, body 80% of the window. */
export default function NoticeModal({ notice, onClose }: { notice: NoticeItem; onClose: () => void }) {
  const navigate = useNavigate();
  const [fullScreen, setFullScreen] = useState(false);
  const handle = () => {
    if (!notice.openPage) return;
    onClose();
    if (/^https?:\/\//.test(notice.openPage)) window.open(notice.openPage, '_blank', 'noopener');
    else navigate(notice.openPage);
  };

  return (
    <Modal
      open
      width={fullScreen ? '100%' : '60%'}
      style={fullScreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : { top: 40 }}
      styles={{ body: { height: window.innerHeight * 0.8, overflowY: 'auto' } }}
      onCancel={onClose}
      title={
        <Space>
          <span>{notice.titile}</span>
          <Button
            type="text"
            size="small"
            aria-label={fullScreen ? '退出全屏' : '全屏'}
            icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullScreen(!fullScreen)}
          />
        </Space>
      }
      footer={[
        notice.openType === 'url' && notice.openPage ? (
          <Button key="handle" type="primary" onClick={handle}>
            去处理
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        发布人：{notice.sender}　　发布时间：{dayjs(notice.sendTime).format(Constants.dateFormat)}
      </Typography.Paragraph>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises announcement HTML with an allowlist on save. */}
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.msgContent }} />
    </Modal>
  );
}
