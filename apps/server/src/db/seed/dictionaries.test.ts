import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from './dictionaries.js';

/** Every dictionary DOMAIN.md §6 names, plus the ones the system itself uses. */
const REQUIRED = [
  'consult_type',
  'catalog_status',
  'cata_status',
  'imputation_status',
  'open_cata_status',
  'share_type',
  'open_type',
  'open_society',
  'key_areas_type',
  'business_department',
  'update_frequency',
  'generate_dataset',
  'event_type',
  'event_classification',
  'driving_level',
  'result_type',
  'application_scenario',
  'scenario_description',
  'provide_channels',
  'data_format',
  'data_type',
  'share_property',
  'open_properties',
  'primary_key',
  'can_it_be_empty',
  'data_object',
  'request_mode',
  'response_type',
  'request_data_type',
  'service_request',
  'para_type',
  'parameter_location',
  'data_level',
  'field_data_type',
  'source_system',
  'source_unit',
  'share_data_release_status',
  'share_data_type',
  'share_data_status',
  'update_tatus',
  'api_type',
  'state',
  'message_type',
  'data_management_type',
  'announcement_status',
  'transport_mode',
  'application_type',
  'application_status',
  'early_warning_information',
  'primary_key_conflict_policy',
  'administrative_division',
  'import_template_file_name',
  'release_state',
  'priority',
  'sex',
  'user_status',
  'msg_category',
  'org_type',
];

const byCode = new Map(DICTIONARIES.map(([code, name, items]) => [code, { name, items }]));
const values = (code: string) => byCode.get(code)?.items.map(([v]) => v);
const texts = (code: string) => byCode.get(code)?.items.map(([, t]) => t);

describe('seeded dictionaries', () => {
  it('cover every required code once, each with Chinese-named, unique items', () => {
    expect(REQUIRED.filter((c) => !byCode.has(c))).toEqual([]);
    expect(byCode.size).toBe(DICTIONARIES.length);
    for (const [code, name, items] of DICTIONARIES) {
      expect(name, code).toMatch(/[\u4e00-\u9fff]/);
      expect(items.length, code).toBeGreaterThan(0);
      expect(new Set(items.map(([v]) => v)).size, code).toBe(items.length);
      for (const [value, text] of items) {
        expect(value.length, code).toBeLessThanOrEqual(100);
        expect(text.trim().length, code).toBeGreaterThan(0);
      }
    }
  });

  it('use the codes the domain fixes', () => {
    expect(values('key_areas_type')).toEqual(Array.from({ length: 21 }, (_, i) => String(i + 1)));
    expect(texts('key_areas_type')?.[0]).toBe('信用服务');
    expect(texts('key_areas_type')?.[20]).toBe('其他');
    expect(values('update_frequency')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(texts('update_frequency')?.slice(0, 3)).toEqual(['每日', '每周', '每月']);
    expect(values('share_type')).toEqual(['10', '20', '30']);
    expect(values('open_type')).toEqual(['1', '2', '3']);
    expect(values('catalog_status')).toEqual(['0', '1', '2', '3']);
    expect(values('cata_status')).toEqual(['0', '1', '2', '3', '4', '9']);
    expect(values('data_format')).toEqual(['file', 'table', 'api']);
    expect(texts('field_data_type')).toEqual(['字符型', '数值型', '日期型', '日期时间型', '布尔型', '二进制']);
    expect(values('priority')).toEqual(['L', 'M', 'H']);
    expect(texts('user_status')).toEqual(['正常', '冻结']);
    expect(texts('update_tatus')).toEqual(['已更新', '待更新', '更新已超时']);
    expect(texts('application_type')).toEqual(['移动应用', '网站', '小程序', '分析报告', '可视化', '创新方案', '其他']);
    expect(texts('administrative_division')).toEqual(
      expect.arrayContaining(['东湖区', '西城区', '南湖区', '北山区', '临江县', '青山县']),
    );
    expect(values('source_unit')).toEqual(expect.arrayContaining(['BJ001', 'BJ012', 'BJQ06']));
  });
});
