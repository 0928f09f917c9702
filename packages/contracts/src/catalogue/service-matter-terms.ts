/**
 * 服务事项: the government service item (政务服务事项) a catalogue entry serves. Values and labels
 * without zod, so that portal pages can name them without the validation library.
 */

/** The dictionary (sys_dict code) whose items name each coded field of a service matter. */
export const SERVICE_MATTER_DICT = {
  eventType: 'event_type',
  eventLevel: 'event_classification',
  drivingLevel: 'driving_level',
  resultType: 'result_type',
  applicationScenario: 'application_scenario',
  applicationScenarioDescribe: 'scenario_description',
  provideChannels: 'provide_channels',
  electronicLicense: 'electronic_certificate',
} as const;

/** 事项类型 (dict event_type): the ten kinds of 行政权力 and 公共服务. */
export const EVENT_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] as const;
/** 事项分类 (dict event_classification): whom the matter serves. */
export const EVENT_LEVELS = ['1', '2', '3'] as const;
/** 行使层级 (dict driving_level): the level of government that exercises the matter. */
export const DRIVING_LEVELS = ['1', '2', '3', '4', '5', '6'] as const;
/** 办理结果类型 (dict result_type). */
export const RESULT_TYPES = ['1', '2', '3', '0'] as const;
/** 应用场景 (dict application_scenario). */
export const APPLICATION_SCENARIOS = ['1', '2', '3', '4', '5', '9'] as const;
/** 场景用途 (dict scenario_description). */
export const SCENARIO_DESCRIPTIONS = ['1', '2', '3', '4', '5', '9'] as const;
/** 提供渠道 (dict provide_channels), several at once. */
export const PROVIDE_CHANNELS = ['1', '2', '3', '4', '5'] as const;
/** 是 / 否, as dict electronic_certificate and the other yes/no dictionaries code them. */
export const YES_NO_CODES = ['1', '0'] as const;

/** The facets of the service-matters catalogue, in the order the page shows them. */
export const SERVICE_FACETS = ['updateFrequency', 'electronicLicense', 'dataFormat'] as const;
export type ServiceFacet = (typeof SERVICE_FACETS)[number];
export const SERVICE_FACET_LABEL: Record<ServiceFacet, string> = {
  updateFrequency: '更新周期',
  electronicLicense: '是否电子证照',
  dataFormat: '资源类型',
};
/** Which dictionary names each facet's values. */
export const SERVICE_FACET_DICT: Record<ServiceFacet, string> = {
  updateFrequency: 'update_frequency',
  electronicLicense: SERVICE_MATTER_DICT.electronicLicense,
  dataFormat: 'data_format',
};

/** The search form of the service-matters catalogue, in the original portal's order. */
export const SERVICE_SEARCH_FIELDS = [
  'implementationCode',
  'implementationName',
  'catalogName',
  'businessName',
  'businessCode',
] as const;
export type ServiceSearchField = (typeof SERVICE_SEARCH_FIELDS)[number];
export const SERVICE_SEARCH_LABEL: Record<ServiceSearchField, string> = {
  implementationCode: '实施清单编码',
  implementationName: '实施清单名称',
  catalogName: '目录名称',
  businessName: '业务办理项名称',
  businessCode: '业务办理项编码',
};

/** Labels of every field of a service matter, for forms and detail views. */
export const SERVICE_MATTER_LABEL = {
  relatedGovernment: '关联政务服务',
  businessCode: '业务办理项编码',
  businessName: '业务办理项名称',
  eventType: '事项类型',
  eventLevel: '事项分类',
  directoryCode: '事项目录编码',
  itemData: '事项目录名称',
  implementationCode: '实施清单编码',
  implementationName: '实施清单名称',
  drivingLevel: '行使层级',
  resultType: '办理结果类型',
  applicationScenario: '应用场景',
  applicationScenarioDescribe: '场景用途',
  provideChannels: '提供渠道',
  electronicLicense: '是否电子证照',
} as const;

/** The service matter of an entry as every view shows it (codes; labels come from the dictionaries). */
export type ServiceMatter = {
  businessCode: string;
  businessName: string;
  eventType: string;
  eventLevel: string | null;
  directoryCode: string | null;
  itemData: string | null;
  implementationCode: string;
  implementationName: string;
  drivingLevel: string | null;
  resultType: string | null;
  applicationScenario: string | null;
  applicationScenarioDescribe: string | null;
  provideChannels: string[];
  electronicLicense: string;
};

/** A card of the service-matters catalogue. */
export type ServiceMatterCard = ServiceMatter & {
  id: string;
  catalogName: string;
  catalogCode: string;
  orgCode: string;
  departName: string;
  updateFrequency: string;
  dataFormat: string;
  openType: string;
  releaseTime: string | null;
  dataUpdateTime: string | null;
  /** When the entry (or its service matter) last changed. */
  updateTime: string;
};

export type ServiceMatterPage = {
  records: ServiceMatterCard[];
  total: number;
  size: number;
  current: number;
  pages: number;
};

/** Public entries per facet value; `serviceNumList` is the original portal's shape of the same numbers. */
export type ServiceAmount = {
  allNum: number;
  facets: Record<ServiceFacet, Record<string, number>>;
  serviceNumList: Record<string, number>[];
};

/**
 * A department that provides public service-matter entries (数源部门 pickers), with how many. In
 * `mechanismTree2` the departments hang under their parent (a district's bureaux under the district).
 */
export type MechanismNode = { nodeName: string; orgCode: string; count: number; children?: MechanismNode[] };
