import { describe, expect, it } from 'vitest';
import { ERROR_OUTCOMES, outcomeOf, resultPath, SUCCESS_OUTCOMES } from './outcomes';

describe('result page outcomes', () => {
  it('shows the outcome named in the address', () => {
    expect(outcomeOf('success', 'achievementSubmitted')).toBe(SUCCESS_OUTCOMES.achievementSubmitted);
    expect(outcomeOf('error', 'linkInvalid')).toBe(ERROR_OUTCOMES.linkInvalid);
    expect(resultPath('success', 'achievementSubmitted')).toBe('/result/success?of=achievementSubmitted');
  });

  it('falls back to the general outcome of the kind for a missing, unknown or inherited key', () => {
    expect(outcomeOf('success', null)).toBe(SUCCESS_OUTCOMES.operationDone);
    expect(outcomeOf('success', 'linkInvalid')).toBe(SUCCESS_OUTCOMES.operationDone);
    expect(outcomeOf('error', 'toString')).toBe(ERROR_OUTCOMES.operationFailed);
    expect(outcomeOf('error', '<script>')).toBe(ERROR_OUTCOMES.operationFailed);
  });
});
