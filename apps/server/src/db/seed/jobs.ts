import { JOB_STATUS, LOG_KEEP_DAYS } from '@odp/contracts';
import type { Executor } from '../client.js';
import { scheduledJobs } from '../schema/index.js';

/**
 * The maintenance jobs a real installation needs, enabled (times are Beijing time, the scheduler's
 * zone). Each handler is seeded once: a re-seed adds the jobs that are missing and leaves existing
 * ones, including an administrator's changes and deletions of other jobs, alone.
 */
export const JOB_SEEDS: {
  handler: string;
  cronExpression: string;
  parameter: Record<string, unknown>;
  description: string;
}[] = [
  {
    handler: 'purgeOldLogs',
    cronExpression: '0 10 3 * * *',
    parameter: { days: LOG_KEEP_DAYS },
    description: `每天 03:10 删除 ${LOG_KEEP_DAYS} 天前的登录日志和操作日志`,
  },
  {
    handler: 'purgeExpiredSessions',
    cronExpression: '0 5 * * * *',
    parameter: { days: 7 },
    description: '每小时第 5 分钟删除失效超过 7 天的登录会话',
  },
  {
    handler: 'purgeExpiredCaptchas',
    cronExpression: '0 */10 * * * *',
    parameter: {},
    description: '每 10 分钟删除过期的验证码',
  },
  {
    handler: 'cleanTemporaryUploads',
    cronExpression: '0 0 4 * * *',
    parameter: { hours: 24 },
    description: '每天 04:00 清理超过 24 小时的中断上传、未关联目录的文件和中断上报或同步留下的暂存数据表',
  },
  {
    handler: 'workflowDeadlines',
    cronExpression: '0 */30 * * * *',
    parameter: { remindBeforeHours: 24 },
    description: '每 30 分钟提醒 24 小时内到期的待办，标记已逾期的待办并通知办理人',
  },
  {
    handler: 'markOverdueCatalogues',
    cronExpression: '0 0 8 * * *',
    parameter: { graceDays: 0 },
    description: '每天 08:00 提醒数源单位更新超过更新频率未更新的已上架目录',
  },
  {
    handler: 'syncMountedTables',
    cronExpression: '0 */10 * * * *',
    parameter: { limit: 50 },
    description: '每 10 分钟按更新频率同步到期的挂载数据表（每次最多 50 个目录）',
  },
  {
    handler: 'openApiHousekeeping',
    cronExpression: '0 */10 * * * *',
    parameter: { keepDays: 180 },
    description: '每 10 分钟清理开放接口过期的配额计数与签名随机数，并删除 180 天前的调用日志',
  },
  {
    handler: 'runExchangeTasks',
    cronExpression: '0 */10 * * * *',
    parameter: { limit: 20 },
    description: '每 10 分钟停止共享申请已释放的交换任务，并执行到期的重复性交换任务（每次最多 20 个）',
  },
  {
    handler: 'releaseExpiredShares',
    cronExpression: '0 5 * * * *',
    parameter: { limit: 500 },
    description: '每小时第 5 分钟释放授权期限已结束的共享申请，授权与应用密钥随即失效',
  },
  {
    handler: 'publishScheduledContent',
    cronExpression: '0 * * * * *',
    parameter: { limit: 200 },
    description: '每分钟发布预约发布时间已到的新闻动态、政策法规、资料和常见问题',
  },
  {
    handler: 'openApplyExpiry',
    cronExpression: '0 5 * * * *',
    parameter: {},
    description: '每小时第 5 分钟将授权期限已届满的开放申请置为已到期，立即结束数据访问并通知申请人',
  },
  {
    handler: 'openApplyReports',
    cronExpression: '0 30 8 * * *',
    parameter: { remindBeforeDays: 7 },
    description: '每天 08:30 提醒 7 天内到期的利用情况报告，通知逾期未提交的报告（每份各一次）',
  },
  {
    handler: 'achievementLinkCheck',
    cronExpression: '0 0 3 * * 1',
    parameter: { limit: 500 },
    description: '每周一 03:00 检查已发布应用成果的访问地址，无法访问的标记为失效并通知所有者',
  },
  {
    handler: 'bigScreenRefresh',
    cronExpression: '0 */5 * * * *',
    parameter: {},
    description: '每 5 分钟刷新大屏、图表示例与生产管理页面的统计快照',
  },
  {
    handler: 'computeIndicators',
    cronExpression: '0 30 2 * * *',
    parameter: { periodTypes: ['month', 'quarter', 'year'], previous: true },
    description: '每天 02:30 计算各部门本月、本季度、本年度及上一期的指标值（已提交且设置了计算方式的指标）',
  },
];

export async function seedJobs(db: Executor) {
  const existing = new Set(
    (await db.select({ handler: scheduledJobs.handler }).from(scheduledJobs)).map((j) => j.handler),
  );
  const missing = JOB_SEEDS.filter((j) => !existing.has(j.handler));
  if (missing.length === 0) return;
  await db
    .insert(scheduledJobs)
    .values(missing.map((j) => ({ ...j, status: JOB_STATUS.running, createdBy: 'system' })));
}
