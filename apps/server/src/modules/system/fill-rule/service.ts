import { type FillRuleJson, FillRuleMessages, type FillRulePreviewInput } from '@odp/contracts';
import type { Executor } from '../../../db/client.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { nextSequence, peekSequence } from '../../../platform/sequence.js';
import { storedRuleJson } from '../coded-rule/resource.js';
import { renderValue, seqPartOf, sequenceKey } from './format.js';
import { fillRuleKind, fillRuleResource } from './resource.js';

export const fillRuleService = resourceService(fillRuleResource);

const storedParts = (db: Executor, ruleCode: string): Promise<FillRuleJson> =>
  storedRuleJson(db, fillRuleKind, ruleCode, FillRuleMessages);

/**
 * Takes the next value of a stored 填值规则 (e.g. SQ202611210001). Call it inside the transaction
 * that writes the record the value is for: the sequence row stays locked until that transaction
 * ends, so concurrent callers get distinct numbers, and a rolled-back write gives its number back.
 * `now` decides the date parts and the reset period (tests pass a fixed clock).
 */
export async function nextCodeByRule(db: Executor, ruleCode: string, now: Date = new Date()): Promise<string> {
  const parts = await storedParts(db, ruleCode);
  const n = await nextSequence(db, sequenceKey(ruleCode, seqPartOf(parts).reset, now));
  return renderValue(parts, n, now);
}

/**
 * What the next value would look like, without taking a number: continues the stored rule's
 * sequence when its code is given, starts at 1 for a rule not yet saved.
 */
export async function previewRule(db: Executor, input: FillRulePreviewInput, now: Date = new Date()): Promise<string> {
  const n = input.ruleCode
    ? await peekSequence(db, sequenceKey(input.ruleCode, seqPartOf(input.ruleJson).reset, now))
    : 1;
  return renderValue(input.ruleJson, n, now);
}
