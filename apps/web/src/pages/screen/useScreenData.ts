import {
  BIG_SCREEN_FEED_TOPIC,
  BIG_SCREEN_REFRESH_MS,
  type BigScreenFeedItem,
  PUSH_PUBLIC_PATH,
  readPublicPush,
} from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { bigScreenKeys, getBigScreen } from '@/api/bigScreen';
import { connectLivePush, livePushUrl } from '@/session/push';

const FEED_LINES = 12;
const KINDS = new Set(['release', 'openApply', 'shareApply']);

function readFeedItem(value: unknown): BigScreenFeedItem | null {
  const push = readPublicPush(value);
  if (!push || push.topic !== BIG_SCREEN_FEED_TOPIC) return null;
  const d = push.data as Partial<BigScreenFeedItem> | null;
  if (!d || !KINDS.has(String(d.kind)) || typeof d.title !== 'string' || typeof d.at !== 'string') return null;
  return {
    kind: d.kind as BigScreenFeedItem['kind'],
    title: d.title,
    departName: String(d.departName ?? ''),
    at: d.at,
  };
}

/**
 * The snapshot, asked again every minute, and 实时动态: the snapshot's newest lines with the lines the
 * public socket pushed since (newest first). A reconnect asks for the snapshot again.
 */
export function useScreenData({ live = true }: { live?: boolean } = {}) {
  const query = useQuery({
    queryKey: bigScreenKeys.snapshot,
    queryFn: getBigScreen,
    refetchInterval: BIG_SCREEN_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const [pushed, setPushed] = useState<BigScreenFeedItem[]>([]);
  const { refetch } = query;

  useEffect(() => {
    if (!live || typeof WebSocket === 'undefined') return;
    return connectLivePush({
      url: livePushUrl(window.location, PUSH_PUBLIC_PATH),
      onNotice: () => void refetch(),
      onData: (value) => {
        const item = readFeedItem(value);
        if (item) setPushed((lines) => [item, ...lines].slice(0, FEED_LINES));
      },
    });
  }, [live, refetch]);

  const snapshot = query.data;
  const feed = useMemo(() => {
    const kept = snapshot?.feed ?? [];
    // A pushed line the snapshot already holds is shown once.
    const seen = new Set(kept.map((x) => `${x.kind}|${x.title}|${x.at}`));
    const fresh = pushed.filter((x) => !seen.has(`${x.kind}|${x.title}|${x.at}`));
    return [...fresh, ...kept].slice(0, FEED_LINES);
  }, [snapshot, pushed]);

  return { query, snapshot, feed, pushedCount: pushed.length };
}
