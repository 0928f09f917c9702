import { CheckMessages, type CheckRuleQuery, type DuplicateCheckQuery } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { badRequest } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import { storedRuleJson } from '../coded-rule/resource.js';
import { explainFailure, matchSegments } from './matcher.js';
import { uniqueFieldOf, valueTaken } from './repository.js';
import { checkRuleKind, checkRuleResource } from './resource.js';

export const checkRuleService = resourceService(checkRuleResource);

/** Passes when no other record holds the value; throws the spec's 400 when one does. */
export async function checkDuplicate(db: Db, query: DuplicateCheckQuery): Promise<void> {
  const field = uniqueFieldOf(query.tableName, query.fieldName);
  if (!field) throw badRequest(CheckMessages.unsupportedField);
  if (await valueTaken(db, field, query.fieldVal, query.dataId)) throw badRequest(CheckMessages.valueTaken);
}

/** Checks a value against a stored 编码校验规则; the 400 names the segment that failed. */
export async function checkByRule(db: Db, query: CheckRuleQuery): Promise<void> {
  const segments = await storedRuleJson(db, checkRuleKind, query.ruleCode, {
    unknown: CheckMessages.ruleUnknown,
    misconfigured: CheckMessages.ruleMisconfigured,
  });
  const result = matchSegments(segments, query.value);
  if (!result.ok) throw badRequest(explainFailure(segments, result));
}
