import { OPS_OUTCOME_LABEL, type OpsOutcome, type OpsSourceInfo } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { listOpsKinds, opsKeys } from '@/api/system/operations';
import { OUTCOME_COLOR } from '../system/QuartzJobRunsDrawer';

/** The kinds the server declares, for the 任务类别 filter of both pages. */
export function useOpsKinds(): OpsSourceInfo[] {
  return useQuery({ queryKey: opsKeys.kinds, queryFn: listOpsKinds, staleTime: 10 * 60_000 }).data ?? [];
}

export const kindEnum = (kinds: OpsSourceInfo[]) => Object.fromEntries(kinds.map((k) => [k.kind, { text: k.label }]));

export const OUTCOME_ENUM = Object.fromEntries(
  Object.entries(OPS_OUTCOME_LABEL).map(([value, text]) => [value, { text }]),
);

export function OutcomeTag({ outcome, message }: { outcome: OpsOutcome | null; message?: string | null }) {
  if (!outcome) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>从未执行</span>;
  const tag = <Tag color={OUTCOME_COLOR[outcome]}>{OPS_OUTCOME_LABEL[outcome]}</Tag>;
  return message ? <Tooltip title={message}>{tag}</Tooltip> : tag;
}
