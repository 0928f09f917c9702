import { DownOutlined } from '@ant-design/icons';
import { useSession } from '@/session';

/** The name the header shows once: the person's name, else the account's. */
export const displayName = (user: { realname?: string | null; nickname?: string | null; username?: string } | null) =>
  user?.realname || user?.nickname || user?.username || '';

/** The name shown in the header, the trigger of the account menu. */
export function UserName() {
  const { userInfo } = useSession();
  return (
    <button type="button" className="portal-user-name" aria-haspopup="true">
      {displayName(userInfo)}
      {userInfo?.departName && <span className="portal-depart">（{userInfo.departName}）</span>}
      <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />
    </button>
  );
}
