import { ExportOutlined, LockOutlined } from '@ant-design/icons';
import { NAV_EMBED_PATH, NAV_OPEN_MODE, type NavAppCard } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { launchNavApp, navCards, navigationKeys } from '@/api/system/navigation';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { signInPath } from '@/pages/account/landing';
import { useSession } from '@/session';
import './navigation.css';

const isPath = (url: string) => url.startsWith('/');

/** The first character of the name stands in for a missing icon. */
function CardIcon({ card }: { card: NavAppCard }) {
  return card.iconUrl ? (
    <img className="nav-card-icon" src={card.iconUrl} alt="" width={56} height={56} loading="lazy" />
  ) : (
    <span className="nav-card-icon nav-card-letter" aria-hidden="true">
      {card.name.slice(0, 1)}
    </span>
  );
}

/**
 * 功能导航: the applications the administrators list, as cards. An entry needing login sends a visitor
 * to sign in and back; an external one opens with a one-time token the server adds (never the user name).
 */
export default function FunctionNavigationPage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [opening, setOpening] = useState<string | null>(null);
  const cards = useQuery({ queryKey: navigationKeys.cards, queryFn: navCards });

  async function open(card: NavAppCard) {
    if (card.needLogin && !token) {
      const back = card.openMode === NAV_OPEN_MODE.embedded ? `${NAV_EMBED_PATH}?id=${card.id}` : pathname + search;
      navigate(signInPath(back));
      return;
    }
    if (card.openMode === NAV_OPEN_MODE.embedded) {
      navigate(`${NAV_EMBED_PATH}?id=${card.id}`);
      return;
    }
    if (isPath(card.url)) {
      window.open(card.url, '_blank', 'noopener');
      return;
    }
    // The tab is opened within the click (so it is not blocked) and sent on once the address is known.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    setOpening(card.id);
    try {
      const launch = await launchNavApp(card.id);
      if (tab) tab.location.href = launch.url;
      else window.location.href = launch.url;
    } catch (e) {
      tab?.close();
      feedback.message.error((e as Error).message);
    } finally {
      setOpening(null);
    }
  }

  return (
    <div className="portal-section nav-page">
      <header className="nav-head">
        <h1>功能导航</h1>
        <p>平台相关的业务系统和服务入口</p>
      </header>
      {cards.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : cards.isError ? (
        <ErrorState onRetry={() => cards.refetch()} />
      ) : (cards.data ?? []).length === 0 ? (
        <EmptyState description="暂无导航应用" />
      ) : (
        <ul className="nav-grid">
          {(cards.data ?? []).map((card) => (
            <li key={card.id}>
              <button
                type="button"
                className="nav-card"
                onClick={() => open(card)}
                disabled={opening === card.id}
                aria-describedby={card.description ? `nav-desc-${card.id}` : undefined}
              >
                <CardIcon card={card} />
                <span className="nav-card-body">
                  <span className="nav-card-name">{card.name}</span>
                  {card.description && (
                    <span className="nav-card-desc" id={`nav-desc-${card.id}`}>
                      {card.description}
                    </span>
                  )}
                  <span className="nav-card-meta">
                    {card.openMode === NAV_OPEN_MODE.embedded ? '站内打开' : '新窗口打开'}
                    {card.openMode !== NAV_OPEN_MODE.embedded && <ExportOutlined aria-hidden="true" />}
                    {card.needLogin && (
                      <span className="nav-card-lock">
                        <LockOutlined aria-hidden="true" /> 需登录
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
