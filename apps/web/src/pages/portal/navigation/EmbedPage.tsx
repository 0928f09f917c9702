import { NAV_FUNCTION_PATH } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { launchNavApp } from '@/api/system/navigation';
import { ErrorState } from '@/components/portal/StateViews';
import './navigation.css';

/**
 * 内嵌页面: an allowed application in a sandboxed frame under the portal's header. The address (with a
 * fresh one-time token when the entry needs login) comes from the server, which checks the origin again.
 */
export default function EmbedPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const launch = useQuery({
    queryKey: ['navigation', 'launch', id],
    queryFn: () => launchNavApp(id),
    enabled: valid,
    // Each token works once: never reuse or refetch one behind the visitor's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  return (
    <div className="nav-embed">
      <h1 className="sr-only">{launch.data?.name ?? '内嵌页面'}</h1>
      {!valid ? (
        <ErrorState message="未指定要打开的应用" />
      ) : launch.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : launch.isError ? (
        <div className="nav-embed-error">
          <ErrorState message={(launch.error as Error).message || '应用打开失败'} />
          <Button>
            <Link to={NAV_FUNCTION_PATH}>返回功能导航</Link>
          </Button>
        </div>
      ) : (
        <iframe
          className="nav-embed-frame"
          title={launch.data?.name ?? '内嵌页面'}
          src={launch.data?.url}
          sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-downloads"
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
