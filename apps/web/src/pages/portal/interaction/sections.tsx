import type { InteractionKind } from '@odp/contracts';
import { type ComponentType, lazy } from 'react';
import { QUESTIONNAIRE_INTRO } from '../questionnaire/format';

/**
 * The sections of 交流互动's left menu, in order. A section is a key (the address's `section`), a
 * label and its panel: the four kinds of ticket, and 调查问卷 (modules/questionnaire).
 */
export type InteractionSection = {
  key: string;
  label: string;
  /** One line under the section's heading. */
  intro: string;
  Panel: ComponentType;
};

const TicketSection = lazy(() => import('./TicketSection'));
const QuestionnaireSection = lazy(() =>
  import('../questionnaire/QuestionnairePanel').then((m) => ({
    default: function QuestionnaireSection() {
      return <m.QuestionnairePanel headingLevel={2} hostTitled />;
    },
  })),
);

const ticket = (kind: InteractionKind): ComponentType =>
  function TicketPanel() {
    return <TicketSection kind={kind} />;
  };

export const INTERACTION_SECTIONS: readonly InteractionSection[] = [
  {
    key: 'rightsProtection',
    label: '权益保护',
    intro: '开放数据侵犯您的商业秘密、个人隐私等合法权益时，可申请下架或脱敏处理。',
    Panel: ticket('rightsProtection'),
  },
  {
    key: 'consult',
    label: '问题反馈',
    intro: '对平台使用、数据与接口、开放政策有疑问或建议，请在此留言，承办部门将按时答复。',
    Panel: ticket('consult'),
  },
  {
    key: 'dataApplication',
    label: '数据需求',
    intro: '需要尚未开放的数据？提交需求，相关部门将评估并答复。',
    Panel: ticket('dataApplication'),
  },
  {
    key: 'dataCorrection',
    label: '数据纠错',
    intro: '发现开放数据有错误、缺失或过时，请告诉我们，数源部门核实后更正并答复。',
    Panel: ticket('dataCorrection'),
  },
  {
    key: 'questionnaire',
    label: '调查问卷',
    intro: QUESTIONNAIRE_INTRO,
    Panel: QuestionnaireSection,
  },
];

export const sectionOf = (key: string | null) =>
  INTERACTION_SECTIONS.find((s) => s.key === key) ?? INTERACTION_SECTIONS[0];
