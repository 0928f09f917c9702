import { QUESTIONNAIRE_MACHINE, type QuestionnaireAction, type QuestionnaireRecord } from '@odp/contracts';
import { questionnaireKeys, transitionQuestionnaires } from '@/api/questionnaire';
import { defineWorkflow } from '@/components/Workflow';

export const STATUS_COLOR: Record<string, string> = {
  '0': 'default',
  '1': 'success',
  '2': 'warning',
  '3': 'error',
};

/** 发布, 撤回, 结束, 删除 from the machine; 编辑 opens the builder. */
export const QUESTIONNAIRE_WORKFLOW = defineWorkflow<QuestionnaireRecord, QuestionnaireAction>({
  machine: QUESTIONNAIRE_MACHINE,
  idOf: (r) => r.id,
  nameOf: (r) => r.title,
  actionsOf: (r) => r.actions,
  offers: ['edit', 'publish', 'withdraw', 'end', 'delete'],
  run: (action, ids) => transitionQuestionnaires(action as Exclude<QuestionnaireAction, 'edit'>, ids),
  invalidates: [questionnaireKeys.all],
  confirm: 'popconfirm',
  dialogs: {
    publish: { question: ([r]) => `确定发布“${r?.title}”吗？发布后将在门户“调查问卷”中展示。` },
    withdraw: { question: ([r]) => `确定撤回“${r?.title}”吗？撤回后门户不再展示，可修改后重新发布。` },
    end: { question: ([r]) => `确定立即结束“${r?.title}”吗？结束后不能再作答，也不能重新发布。` },
    delete: { question: ([r]) => `确定删除“${r?.title}”吗？删除后不可恢复。` },
  },
});
