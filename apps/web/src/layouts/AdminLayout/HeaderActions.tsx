import {
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps, Space, Tooltip } from 'antd';
import { useAccountActions } from '@/components/account/useAccountActions';
import { NoticeBell } from '@/components/notice/NoticeBell';
import { useSession } from '@/session';
import { useLivePush } from '@/session/push';

/** The right side of the back-office header: bell, the user and their department, account actions. */
export function HeaderActions({ onOpenSettings, dark }: { onOpenSettings: () => void; dark: boolean }) {
  const { userInfo } = useSession();
  const account = useAccountActions();
  useLivePush();
  const color = dark ? 'rgba(255,255,255,0.85)' : undefined;
  const items: MenuProps['items'] = [
    ...(userInfo?.departName
      ? [
          { key: 'current-depart', label: `当前部门：${userInfo.departName}`, disabled: true },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'password', icon: <LockOutlined />, label: '修改密码', onClick: account.openPassword },
    ...(account.canSwitchDepart
      ? [{ key: 'depart', icon: <SwapOutlined />, label: '切换部门', onClick: account.openDepart }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: account.confirmLogout },
  ];

  return (
    <Space size={4} style={{ color }}>
      <NoticeBell color={color} />
      {/* Opens on a click, as the portal's: a hover menu closes while the pointer crosses to an entry. */}
      <Dropdown menu={{ items }} placement="bottomRight" trigger={['click']}>
        <Button type="text" style={{ color, height: 40 }}>
          <Avatar size="small" src={userInfo?.avatar || undefined} icon={<UserOutlined />} />
          <span>{userInfo?.realname || userInfo?.username}</span>
          {userInfo?.departName && (
            <span className="admin-header-depart" style={{ opacity: 0.65 }}>
              （{userInfo.departName}）
            </span>
          )}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <Tooltip title="页面设置">
        <Button
          type="text"
          aria-label="页面设置"
          icon={<SettingOutlined />}
          style={{ color }}
          onClick={onOpenSettings}
        />
      </Tooltip>
      {account.dialogs}
    </Space>
  );
}
