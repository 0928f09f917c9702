import type { InteractionKind } from '@odp/contracts';
import { type ComponentType, lazy } from 'react';

/**
 * The sections of 交流互动's left menu, in order. A section is a key (the address's `section`), a
 * label and its panel; another section (调查问卷) is added by one entry here.
 */
export type InteractionSection = {
  key: string;
  label: string;
  /** One line under the section's heading. */
  intro: string;
  Panel: ComponentType;
};

const TicketSection = lazy(() => import('./TicketSection'));

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
];

export const sectionOf = (key: string | null) =>
  INTERACTION_SECTIONS.find((s) => s.key === key) ?? INTERACTION_SECTIONS[0];
