import { Constants } from '@odp/contracts/constants';
import { Button, Drawer, Popover } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { useAccountActions } from '@/components/account/useAccountActions';
import { PERSONAL_CENTRE_PATH } from '@/pages/account/personal-centre/tabs';
import { useSession } from '@/session';
import { displayName, UserName } from './UserName';

/**
 * The header's parts that only open on demand (the account menu, the phone menu drawer): a chunk of
 * their own, so the first load of a public page does not carry antd's popover and drawer.
 */
type Account = ReturnType<typeof useAccountActions>;

/** The account's entries; the back office only for someone who belongs to a department (others have none there). */
function AccountActions({ account, onPick }: { account: Account; onPick?: () => void }) {
  const { userInfo } = useSession();
  const pick = (action: () => void) => () => {
    onPick?.();
    action();
  };
  return (
    <div className="portal-user-actions">
      {userInfo?.orgCode && (
        <Link to={Constants.homePath} onClick={onPick}>
          进入工作台
        </Link>
      )}
      <Link to={PERSONAL_CENTRE_PATH} onClick={onPick}>
        个人中心
      </Link>
      <Link to="/developer/apps" onClick={onPick}>
        我的应用
      </Link>
      {account.canSwitchDepart && (
        <Button type="text" block onClick={pick(account.openDepart)}>
          切换部门
        </Button>
      )}
      <Button type="text" block onClick={pick(account.openPassword)}>
        修改密码
      </Button>
      <Button type="text" block danger onClick={pick(account.confirmLogout)}>
        退出登录
      </Button>
    </div>
  );
}

/**
 * `defaultOpen`: the visitor already clicked the name while this part was loading. The menu opens on a
 * click (or Enter) only: a hover menu closes when the pointer crosses a gap on its way to an entry, and
 * a phone has no hover at all.
 */
export function UserArea({ account, defaultOpen }: { account: Account; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(Boolean(defaultOpen));
  return (
    <div className="portal-user">
      <Popover
        content={<AccountActions account={account} onPick={() => setOpen(false)} />}
        placement="bottomRight"
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        arrow={false}
      >
        <UserName aria-expanded={open} />
      </Popover>
    </div>
  );
}

type DrawerProps = {
  open: boolean;
  onClose: () => void;
  account: Account;
  search: ReactNode;
  nav: ReactNode;
  loginPath: string;
};

/** The phone's menu: search, the sections, the account. */
export function MenuDrawer({ open, onClose, account, search, nav, loginPath }: DrawerProps) {
  const { token, userInfo } = useSession();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      width={300}
      title={token ? displayName(userInfo) : '菜单'}
      rootClassName="portal-menu-drawer"
      closable={{ 'aria-label': '关闭菜单' }}
    >
      {search}
      <nav className="portal-drawer-nav" aria-label="主导航（菜单）">
        {nav}
      </nav>
      {token ? (
        <AccountActions account={account} onPick={onClose} />
      ) : (
        <Link to={loginPath} className="portal-drawer-login">
          登录/注册
        </Link>
      )}
    </Drawer>
  );
}
