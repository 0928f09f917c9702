import { ShareListPage } from './ShareListPage';
import { IN_REVIEW } from './share-lists';

/** 审批中 (/datasharing/examine): the department's applications under review. */
export default function InReviewPage() {
  return <ShareListPage list={IN_REVIEW} />;
}
