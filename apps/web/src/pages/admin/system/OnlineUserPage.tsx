import { type OnlineUser, Perm, toPage } from '@odp/contracts';
import { Tag, Tooltip } from 'antd';
import { forceLogout, listOnlineUsers, monitorKeys } from '@/api/system/monitor';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { describeUserAgent } from './monitor-format';

const onlineView = defineResourceView<OnlineUser>({
  title: '在线用户',
  noun: '会话',
  rowKey: 'sessionId',
  queryKeys: { all: monitorKeys.online, list: (params) => [...monitorKeys.online, params] },
  // The server answers every live session at once (there are few); the table pages them here.
  api: {
    list: async (params) => {
      const rows = await listOnlineUsers();
      const start = (params.pageNo - 1) * params.pageSize;
      return toPage(rows.slice(start, start + params.pageSize), rows.length, params);
    },
  },
  columns: [
    {
      title: '用户账号',
      dataIndex: 'username',
      width: 140,
      render: (_dom, session) => (
        <>
          {session.username}
          {session.current && (
            <Tag color="processing" style={{ marginInlineStart: 8 }}>
              当前会话
            </Tag>
          )}
        </>
      ),
    },
    { title: '姓名', dataIndex: 'realname', width: 100 },
    { title: 'IP 地址', dataIndex: 'ip', width: 130 },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      width: 160,
      render: (_dom, session) => <Tooltip title={session.userAgent}>{describeUserAgent(session.userAgent)}</Tooltip>,
    },
    { title: '登录时间', dataIndex: 'loginTime', valueType: 'dateTime', width: 170 },
    { title: '最后访问', dataIndex: 'lastSeenAt', valueType: 'dateTime', width: 170 },
  ],
  rowActions: [
    {
      key: 'forceLogout',
      permission: Perm.forceLogout,
      label: '强制退出',
      danger: true,
      visible: (session) => !session.current,
      confirm: (session) => `确定强制退出用户「${session.realname}」的这个会话吗？对方将立即需要重新登录。`,
      run: (session) => forceLogout(session.sessionId),
      success: '强制退出成功',
    },
  ],
  actionWidth: 100,
});

/** 在线用户 (/monitor/online): live sessions, with forced sign-out. */
export default function OnlineUserPage() {
  return <ResourcePage view={onlineView} />;
}
