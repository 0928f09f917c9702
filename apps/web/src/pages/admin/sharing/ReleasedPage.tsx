import { ShareListPage } from './ShareListPage';
import { RELEASED } from './share-lists';

/** 已释放 (/datasharing/releasedlist): the department's ended grants. */
export default function ReleasedPage() {
  return <ShareListPage list={RELEASED} />;
}
