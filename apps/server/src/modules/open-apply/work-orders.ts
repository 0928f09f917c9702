import { WorkOrderKind } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import { openApplies as oa, workflowTasks as t } from '../../db/schema/index.js';
import type { WorkOrderSource } from '../../platform/module.js';
import { assignedTo } from '../../platform/workflow/tasks.js';

const ofTask = (column: typeof oa.catalogId | typeof oa.code) =>
  sql`(select ${column} from ${oa} where ${oa.id} = ${t.subjectId})`;

/**
 * Open applications' reviews in the 工单 inbox, beside the catalogue's and the share's: about the
 * dataset applied for, with the application's code as its 流程编码; no launching department (the
 * applicant is a person or company, the inbox's 提交人). An actor sees the tasks addressed to them, as
 * the 开放申请 badge counts them: the provider node to its department, the bureau's to its role.
 */
export const openApplyWorkOrders: WorkOrderSource = {
  subjectType: 'openApply',
  workStatus: WorkOrderKind.openApply,
  catalogId: ofTask(oa.catalogId),
  launchOrgCode: sql`null::varchar`,
  processCode: ofTask(oa.code),
  visibleTo: (actor) => assignedTo(actor),
};
