import { Constants } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { getMyNotices, noticeKeys } from '@/api/notice';
import { useSession } from '@/session';

/** The signed-in user's unread notices, polled every 6 s; polling stops after a failure (spec §4). */
export function useNotices() {
  const { token } = useSession();
  const query = useQuery({
    queryKey: noticeKeys.bell(token),
    queryFn: getMyNotices,
    enabled: Boolean(token),
    refetchInterval: (q) => (q.state.status === 'error' ? false : Constants.noticePollMs),
  });
  const unread = (query.data?.anntMsgTotal ?? 0) + (query.data?.sysMsgTotal ?? 0);
  return { ...query, unread };
}
