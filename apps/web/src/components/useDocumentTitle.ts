import { useEffect } from 'react';
import { documentTitle } from '@/app/site';

/** Page title + ' - ' + site name (spec §2.3). */
export function useDocumentTitle(pageTitle: string | undefined) {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
