import { z } from 'zod';
import { tooLong } from '../core/fields.js';
import {
  APPLICATION_SCENARIOS,
  DRIVING_LEVELS,
  EVENT_LEVELS,
  EVENT_TYPES,
  SERVICE_MATTER_LABEL as L,
  PROVIDE_CHANNELS,
  RESULT_TYPES,
  SCENARIO_DESCRIPTIONS,
  YES_NO_CODES,
} from './service-matter-terms.js';

/** '' and null from a form are "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 业务办理项编码, 实施清单编码, 事项目录编码: letters, digits and hyphens (e.g. 11330100MB1234567X4000117001). */
const SERVICE_CODE = /^[0-9A-Za-z][0-9A-Za-z-]*$/;

const optionalCode = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(max, tooLong(max, label))
      .regex(SERVICE_CODE, `${label}只能包含字母、数字和连字符`)
      .optional(),
  );

const optionalName = (label: string, max: number) =>
  z.preprocess(blank, z.string().trim().max(max, tooLong(max, label)).optional());

const optionalPick = (label: string, values: readonly string[]) =>
  z.preprocess(blank, z.enum(values as [string, ...string[]], { error: `请选择正确的${label}` }).optional());

/**
 * The 服务事项 section of the entry form. When 关联政务服务 is 是, the 业务办理项 and 实施清单 (code and
 * name) and the 事项类型 are required; when 否, whatever else was sent is dropped.
 */
export const ServiceMatterInput = z
  .object({
    relatedGovernment: z.enum(YES_NO_CODES, { error: `请选择${L.relatedGovernment}` }).default('0'),
    businessCode: optionalCode(L.businessCode, 64),
    businessName: optionalName(L.businessName, 200),
    eventType: optionalPick(L.eventType, EVENT_TYPES),
    eventLevel: optionalPick(L.eventLevel, EVENT_LEVELS),
    directoryCode: optionalCode(L.directoryCode, 64),
    itemData: optionalName(L.itemData, 200),
    implementationCode: optionalCode(L.implementationCode, 64),
    implementationName: optionalName(L.implementationName, 200),
    drivingLevel: optionalPick(L.drivingLevel, DRIVING_LEVELS),
    resultType: optionalPick(L.resultType, RESULT_TYPES),
    applicationScenario: optionalPick(L.applicationScenario, APPLICATION_SCENARIOS),
    applicationScenarioDescribe: optionalPick(L.applicationScenarioDescribe, SCENARIO_DESCRIPTIONS),
    provideChannels: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .array(z.enum(PROVIDE_CHANNELS, { error: `请选择正确的${L.provideChannels}` }))
        .max(PROVIDE_CHANNELS.length, `请选择正确的${L.provideChannels}`)
        .refine((list) => new Set(list).size === list.length, `${L.provideChannels}不能重复`)
        .default([]),
    ),
    electronicLicense: z.preprocess(
      blank,
      z.enum(YES_NO_CODES, { error: `请选择${L.electronicLicense}` }).default('0'),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.relatedGovernment !== '1') return;
    const need = (field: keyof typeof v, verb: '填写' | '选择') => {
      if (!v[field]) {
        ctx.addIssue({ code: 'custom', path: [field], message: `关联政务服务时，请${verb}${L[field]}` });
      }
    };
    need('businessCode', '填写');
    need('businessName', '填写');
    need('implementationCode', '填写');
    need('implementationName', '填写');
    need('eventType', '选择');
  });
export type ServiceMatterInput = z.infer<typeof ServiceMatterInput>;
