import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Constants, isSameSitePath, type NoticeItem, PRIORITY_LABEL } from '@odp/contracts';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRIORITY_COLOR, typeLabelOf } from './notice-list';

/**
 * The announcement of one notice (spec §2.3, §9): 60% wide (100% in full screen), the body at most
 * 80% of the window high and scrolling beyond; `url` items offer 去处理, `component` items 打开页面.
 */
export default function NoticeModal({ notice, onClose }: { notice: NoticeItem; onClose: () => void }) {
  const navigate = useNavigate();
  const [fullScreen, setFullScreen] = useState(false);
  const go = () => {
    if (!isSameSitePath(notice.openPage)) return;
    onClose();
    navigate(notice.openPage);
  };
  // A link stored before links had to be same-site is not offered at all.
  const action = isSameSitePath(notice.openPage)
    ? notice.openType === 'url'
      ? '去处理'
      : notice.openType === 'component'
        ? '打开页面'
        : null
    : null;

  return (
    <Modal
      open
      width={fullScreen ? '100%' : '60%'}
      style={fullScreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : { top: 40 }}
      // Full screen fills the window (less the title and footer); otherwise the body grows up to 80% of it.
      styles={{
        body: fullScreen
          ? { height: 'calc(100vh - 150px)', overflowY: 'auto' }
          : { maxHeight: '80vh', overflowY: 'auto' },
      }}
      onCancel={onClose}
      title={
        <Space wrap>
          <span>{notice.titile}</span>
          <Tag color={notice.source === 'news' ? 'purple' : 'default'}>{typeLabelOf(notice)}</Tag>
          {notice.source === 'annt' && (
            <Tag color={PRIORITY_COLOR[notice.priority]}>{PRIORITY_LABEL[notice.priority]}</Tag>
          )}
          <Button
            type="text"
            size="small"
            aria-label={fullScreen ? '退出全屏' : '全屏'}
            title={fullScreen ? '退出全屏' : '全屏'}
            icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullScreen(!fullScreen)}
          />
        </Space>
      }
      footer={[
        action ? (
          <Button key="handle" type="primary" onClick={go}>
            {action}
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        发布人：{notice.sender || '系统'}　　发布时间：{dayjs(notice.sendTime).format(Constants.dateFormat)}
      </Typography.Paragraph>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises announcement and message HTML with an allowlist on save. */}
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: notice.msgContent }} />
    </Modal>
  );
}
