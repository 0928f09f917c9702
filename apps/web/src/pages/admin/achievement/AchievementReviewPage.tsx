import { AchievementAdminList } from './AchievementListPage';

/** 成果审核: the results waiting for the bureau, with 审核通过 and 驳回. */
export default function AchievementReviewPage() {
  return <AchievementAdminList title="成果审核" status="1" />;
}
