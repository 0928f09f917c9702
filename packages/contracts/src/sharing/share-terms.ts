/**
 * The share application's permission codes and messages, apart from its schemas: portal pages (the
 * detail page's 申请共享 button) import them without pulling the validation library into their chunk.
 */
export const SharePerm = {
  /** Apply, edit a draft or rejected application, release, 使用数据 (the applying department). */
  apply: 'share:apply',
  /** The lists of 数据共享 (审批中, 正在使用, 已释放, 驳回记录, 我的数据). */
  list: 'share:list',
  /** Decide the 数源部门 node of applications for the caller's department's data. */
  sourceReview: 'share:sourceReview',
  /** Decide the 大数据局 node (every department's applications). */
  bureauReview: 'share:bureauReview',
  /** 释放数据 before the period ends. */
  release: 'share:release',
  /** 申请归集 from the catalogue. */
  pooling: 'share:pooling',
} as const;

export const ShareMessages = {
  notFound: '共享申请不存在',
  notOwn: '只能审核本部门数据的共享申请',
  notApplicant: '只能操作本部门的共享申请',
  rejectReason: '请填写驳回理由',
  notShareable: '该目录不予共享，不能申请',
  itemNotShareable: (name: string) => `信息项“${name}”不予共享，不能申请`,
  itemReasonMissing: (name: string) => `信息项“${name}”为有条件共享，请填写申请理由`,
  itemsMissing: '请至少选择一个信息项',
  agreementsMissing: '请阅读并同意《安全协议书》和《安全保密承诺书》',
  periodMissing: '请选择使用期限或勾选永久申请',
  periodOrder: '结束时间须晚于开始时间',
  narrowOnly: '只能在申请的信息项和期限内收窄',
  releaseConfirm: '是否确认提前释放数据？',
  poolingConfirm: '是否确认申请数据归集?',
} as const;
