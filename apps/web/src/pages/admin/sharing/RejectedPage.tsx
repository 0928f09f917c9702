import { ShareListPage } from './ShareListPage';
import { REJECTED } from './share-lists';

/** 驳回记录 (/datasharing/rejected): rejected applications, to edit and resubmit. */
export default function RejectedPage() {
  return <ShareListPage list={REJECTED} />;
}
