import { CatalogueCreateInput } from '@odp/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { newRow } from '@/components/catalogue/data-items';
import { type CatalogueFormValues, emptyValues, fieldErrors, toRawInput } from './form-values';

const valid: CatalogueFormValues = {
  ...emptyValues(),
  catalogName: '公交线路站点信息',
  informationSummary: '滨江市公交线路及其站点的名称、位置、首末班时间等基础信息，按日更新。',
  keyAreasType: '6',
  shareType: '10',
  openType: '1',
  updateFrequency: '1',
  inputFrequency: '08:00',
  dataFormat: 'file',
  dataList: [newRow({ name: '站点名称', enName: 'station_name' })],
};

describe('toRawInput', () => {
  it('gives what the contract accepts, rows without keys', () => {
    const parsed = CatalogueCreateInput.safeParse(toRawInput({ ...valid, releaseTime: dayjs('2026-03-01T15:20:00') }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.dataList[0]).not.toHaveProperty('key');
    expect(parsed.data?.releaseTime).toBe(dayjs('2026-03-01').toISOString());
  });

  it('drops conditions whose condition no longer holds', () => {
    const raw = toRawInput({
      ...valid,
      shareType: '10',
      shareCondition: '旧的共享条件',
      openType: '1',
      openCondition: '旧的开放条件',
      keyAreasType: '6',
      keyAreasRemark: '旧备注',
      updateFrequency: '7',
      inputFrequency: '08:00',
    });
    expect(raw).toMatchObject({
      shareCondition: null,
      openCondition: null,
      keyAreasRemark: null,
      inputFrequency: null,
    });
  });

  it('lets the contract name every missing required field in Chinese', () => {
    const parsed = CatalogueCreateInput.safeParse(toRawInput(emptyValues()));
    const { fields } = fieldErrors(parsed.error?.issues ?? []);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f.errors[0]]));
    expect(byName).toMatchObject({
      catalogName: '请输入信息资源名称',
      informationSummary: '信息资源摘要不能少于 20 个字符',
      keyAreasType: '请选择重点领域分类',
      shareType: '请选择共享类型',
      openType: '请选择开放类型',
      updateFrequency: '请选择更新频率',
    });
    for (const message of Object.values(byName)) expect(message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('applies the conditional rules live', () => {
    const issues = (values: Partial<CatalogueFormValues>) =>
      Object.fromEntries(
        fieldErrors(CatalogueCreateInput.safeParse(toRawInput({ ...valid, ...values })).error?.issues ?? []).fields.map(
          (f) => [f.name, f.errors[0]],
        ),
      );
    expect(issues({ shareType: '20' })).toEqual({ shareCondition: '共享类型为有条件共享时，请填写共享条件' });
    expect(issues({ shareType: '30' })).toEqual({ dontShareCondition: '共享类型为不予共享时，请填写不予共享依据' });
    expect(issues({ openType: '2' })).toEqual({ openCondition: '开放类型为有条件开放时，请填写开放条件' });
    expect(issues({ keyAreasType: '21' })).toEqual({ keyAreasRemark: '重点领域选择“其他”时，请填写备注' });
    expect(issues({ updateFrequency: '2', inputFrequency: '08:00' })).toEqual({
      inputFrequency: '每周更新请选择星期几（1–7）',
    });
    expect(issues({ updateFrequency: '2', inputFrequency: '3' })).toEqual({});
  });

  it('counts the grid problems apart from the fields', () => {
    const parsed = CatalogueCreateInput.safeParse(
      toRawInput({ ...valid, dataList: [newRow({ name: 'abc' }), newRow({ name: '' })] }),
    );
    const { fields, dataList } = fieldErrors(parsed.error?.issues ?? []);
    expect(fields).toEqual([]);
    expect(dataList).toBe(2);
  });
});

describe('服务事项 in the form', () => {
  it('sends only 关联政务服务 when it is 否, and the whole item when 是', () => {
    const no = toRawInput({ ...valid, serviceMatter: { relatedGovernment: '0', businessCode: 'X1' } });
    expect(no.serviceMatter).toEqual({ relatedGovernment: '0' });
    expect(CatalogueCreateInput.parse(no).serviceMatter).toMatchObject({ relatedGovernment: '0' });

    const item = {
      relatedGovernment: '1',
      implementationCode: '11330100MB1234567X4000117001',
      implementationName: '道路运输经营许可',
      businessCode: '11330100MB1234567X400011700101',
      businessName: '出租汽车经营许可（首次申请）',
      eventType: '1',
      provideChannels: ['1'],
      electronicLicense: '1',
    };
    const parsed = CatalogueCreateInput.safeParse(toRawInput({ ...valid, serviceMatter: item }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.serviceMatter).toMatchObject(item);
  });

  it('puts the section’s messages on its nested fields', () => {
    const parsed = CatalogueCreateInput.safeParse(toRawInput({ ...valid, serviceMatter: { relatedGovernment: '1' } }));
    const { fields } = fieldErrors(parsed.error?.issues ?? []);
    expect(fields).toContainEqual({
      name: ['serviceMatter', 'implementationCode'],
      errors: ['关联政务服务时，请填写实施清单编码'],
    });
    expect(fields).toContainEqual({ name: ['serviceMatter', 'eventType'], errors: ['关联政务服务时，请选择事项类型'] });
  });
});
