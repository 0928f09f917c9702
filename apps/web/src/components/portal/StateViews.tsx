import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import './portal-ui.css';

/** 暂无数据 (or what the caller says instead), the portal's one empty state. */
export function EmptyState({ description = '暂无数据', children }: { description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="portal-state">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
        {children}
      </Empty>
    </div>
  );
}

/** A part of the page that failed to load, with a retry; the request client has already said why. */
export function ErrorState({
  message = '数据加载失败，请稍后重试',
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="portal-state portal-state-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button size="small" onClick={onRetry}>
          重新加载
        </Button>
      )}
    </div>
  );
}
