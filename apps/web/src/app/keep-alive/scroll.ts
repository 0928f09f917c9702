import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restore waits for the page to grow tall enough again (data and lazy parts arriving). */
const RESTORE_MS = 2000;
/** Where each history entry was left, by the entry's key; the last 50 entries are plenty. */
const positions = new Map<string, number>();

function remember(key: string, y: number) {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > 50) positions.delete(positions.keys().next().value as string);
}

/**
 * Scroll handling of the portal: a new page opens at the top; going back (or forward) returns to where
 * the visitor was on that history entry once the page is tall enough again, which is at once when it
 * renders from the query cache. Changes of the query alone (filters, paging) leave the scroll to the page.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef({ key: location.key, pathname: location.pathname, y: 0 });

  useEffect(() => {
    const { history } = window;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onScroll = () => {
      current.current.y = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      history.scrollRestoration = before;
    };
  }, []);

  useLayoutEffect(() => {
    const previous = current.current;
    if (previous.key === location.key) return;
    remember(previous.key, previous.y);
    current.current = { key: location.key, pathname: location.pathname, y: window.scrollY };
    if (previous.pathname === location.pathname) return;

    const target = navigationType === 'POP' ? (positions.get(location.key) ?? 0) : 0;
    window.scrollTo(0, 0);
    if (!target) return;
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      if (reachable || Date.now() - started > RESTORE_MS) {
        window.scrollTo(0, target);
        current.current.y = target;
        return;
      }
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, navigationType]);
}
