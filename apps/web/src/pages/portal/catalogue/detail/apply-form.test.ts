import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formFieldOf, toApplyInput } from './apply-form';

describe('the 申请使用 form', () => {
  it('sends what OpenApplyInput takes, with the uploaded files’ ids and the agreement’s version', () => {
    const input = toApplyInput('c1', '2026.1', {
      purpose: '  出行应用 ',
      scenario: '公交到站查询',
      fields: ['线路名称'],
      startDate: dayjs('2026-03-10'),
      endDate: dayjs('2027-03-09'),
      securityMeasures: '专人管理，加密存储',
      applicationFile: [{ response: { id: 'f1' } }],
      pledgeFile: [{ response: { id: 'f2' } }],
      agreementAccepted: true,
    });
    expect(input).toEqual({
      catalogId: 'c1',
      purpose: '出行应用',
      scenario: '公交到站查询',
      fields: ['线路名称'],
      startDate: '2026-03-10',
      endDate: '2027-03-09',
      securityMeasures: '专人管理，加密存储',
      applicationFileId: 'f1',
      pledgeFileId: 'f2',
      agreementVersion: '2026.1',
      agreementAccepted: true,
    });
  });

  it('never claims an acceptance that was not ticked', () => {
    const input = toApplyInput('c1', '2026.1', {
      purpose: '',
      scenario: '',
      fields: [],
      startDate: null,
      endDate: null,
      securityMeasures: '',
      agreementAccepted: false,
    });
    expect(input.agreementAccepted).toBe(false);
    expect(input.applicationFileId).toBe('');
  });

  it('puts a server refusal beside the field it names', () => {
    expect(formFieldOf('purpose')).toBe('purpose');
    expect(formFieldOf('fields.2')).toBe('fields');
    expect(formFieldOf('applicationFileId')).toBe('applicationFile');
    expect(formFieldOf('pledgeFileId')).toBe('pledgeFile');
    expect(formFieldOf('agreementVersion')).toBe('agreementAccepted');
    expect(formFieldOf('catalogId')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
