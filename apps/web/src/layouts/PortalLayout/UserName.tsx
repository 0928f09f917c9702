import { DownOutlined } from '@ant-design/icons';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { useSession } from '@/session';

/** The name the header shows once: the person's name, else the account's. */
export const displayName = (user: { realname?: string | null; nickname?: string | null; username?: string } | null) =>
  user?.realname || user?.nickname || user?.username || '';

/**
 * The name shown in the header, the trigger of the account menu: the menu's popover hands it its
 * event handlers and ref, which it passes to its button. `onReach`: the visitor clicked it before the
 * menu around it was there.
 */
export const UserName = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { onReach?: () => void }
>(function UserName({ onReach, ...trigger }, ref) {
  const { userInfo } = useSession();
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="true"
      onClick={onReach}
      {...trigger}
      // The popover adds its own class when open (ant-popover-open): the name keeps its look.
      className={['portal-user-name', trigger.className].filter(Boolean).join(' ')}
    >
      {/* A long name or department is cut short here (the whole is in the title): the nav keeps its room. */}
      <span
        className="portal-user-text"
        title={`${displayName(userInfo)}${userInfo?.departName ? `（${userInfo.departName}）` : ''}`}
      >
        {displayName(userInfo)}
        {userInfo?.departName && <span className="portal-depart">（{userInfo.departName}）</span>}
      </span>
      <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />
    </button>
  );
});
