import { Constants } from '@odp/contracts';

/**
 * The outcomes the result pages (`/result/success`, `/result/error`, spec §2.2 "result pages") can
 * announce. The page is chosen by a key in the address (`?of=`), never by text in it, so a link cannot
 * make the platform say something it did not.
 */
export type Outcome = {
  title: string;
  text: string;
  /** The first is the primary button. */
  actions: { label: string; path: string }[];
};

const HOME = { label: '返回首页', path: Constants.portalHomePath };

export const SUCCESS_OUTCOMES = {
  achievementSubmitted: {
    title: '提交成功',
    text: '您的应用成果已提交审核，审核结果将通过消息通知您，也可在“我的成果”中查看进度。',
    actions: [
      { label: '查看我的成果', path: '/personalCenter/perCenter?current=6' },
      { label: '继续新增', path: '/personalCenter/personalAdd' },
      HOME,
    ],
  },
  operationDone: {
    title: '操作成功',
    text: '您的操作已完成。',
    actions: [HOME],
  },
} satisfies Record<string, Outcome>;

export const ERROR_OUTCOMES = {
  linkInvalid: {
    title: '链接无效',
    text: '该链接已失效或不完整，请回到原页面重新打开。',
    actions: [HOME],
  },
  operationFailed: {
    title: '操作失败',
    text: '操作未能完成，请稍后重试；如多次失败，请联系平台管理员。',
    actions: [HOME],
  },
} satisfies Record<string, Outcome>;

export type SuccessOutcome = keyof typeof SUCCESS_OUTCOMES;
export type ErrorOutcome = keyof typeof ERROR_OUTCOMES;

export const resultPath = (kind: 'success', of: SuccessOutcome) => `/result/${kind}?of=${of}`;

/** The outcome a result page shows: an unknown key is the general one of its kind. */
export function outcomeOf(kind: 'success' | 'error', of: string | null): Outcome {
  const table: Record<string, Outcome> = kind === 'success' ? SUCCESS_OUTCOMES : ERROR_OUTCOMES;
  const fallback = kind === 'success' ? SUCCESS_OUTCOMES.operationDone : ERROR_OUTCOMES.operationFailed;
  return (of && Object.hasOwn(table, of) ? table[of] : undefined) ?? fallback;
}
