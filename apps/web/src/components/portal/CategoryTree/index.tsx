import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { CategoryTreeProps } from './CategoryTreeView';

export type { CategoryTreeProps } from './CategoryTreeView';
export { nodeKey, type PortalTreeNode, usePortalTrees } from './use-portal-trees';

// antd's tree is a chunk of its own, loaded beside the tree's data rather than before the page.
const CategoryTreeView = lazy(() => import('./CategoryTreeView'));

/** The portal's category tree (see `CategoryTreeView`), with a placeholder while its code loads. */
export function CategoryTree(props: CategoryTreeProps) {
  return (
    <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 8 }} />}>
      <CategoryTreeView {...props} />
    </Suspense>
  );
}
