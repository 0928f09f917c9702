import {
  type CatalogueCreateInput,
  type CatalogueDetail,
  INPUT_FREQUENCY_RULE,
  KEY_AREA_OTHER,
  type ServiceMatter,
} from '@odp/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type DataItemRow, fromDataItems, toDataItemInputs } from '@/components/catalogue/data-items';

/** What the entry form holds: the contract's fields, the release date as a dayjs and the items as grid rows. */
export type CatalogueFormValues = Partial<Omit<CatalogueCreateInput, 'dataList' | 'releaseTime' | 'serviceMatter'>> & {
  releaseTime?: Dayjs | null;
  dataList: DataItemRow[];
  /** 服务事项: the stored codes plus 关联政务服务 ('1' 是, '0' 否). */
  serviceMatter?: Partial<ServiceMatter> & { relatedGovernment?: string };
};

const NOT_RELATED: CatalogueFormValues['serviceMatter'] = {
  relatedGovernment: '0',
  electronicLicense: '0',
  provideChannels: [],
};

export const emptyValues = (): CatalogueFormValues => ({
  baseLibrary: '0',
  dataRange: '3',
  openSociety: false,
  applyNeedsVerified: false,
  dataFormat: 'file',
  dataList: [],
  serviceMatter: { ...NOT_RELATED },
});

export function fromDetail(entry: CatalogueDetail): CatalogueFormValues {
  return {
    catalogName: entry.catalogName,
    catalogEn: entry.catalogEn,
    orgCode: entry.orgCode,
    businessDepartment: entry.businessDepartment,
    sourceSystem: entry.sourceSystem,
    contactPerson: entry.contactPerson,
    contactPhone: entry.contactPhone,
    informationSummary: entry.informationSummary,
    keyAreasType: entry.keyAreasType,
    keyAreasRemark: entry.keyAreasRemark,
    baseLibrary: entry.baseLibrary,
    categoryId: entry.categoryId,
    dataRange: entry.dataRange,
    shareType: entry.shareType,
    shareCondition: entry.shareCondition,
    dontShareCondition: entry.dontShareCondition,
    shareMode: entry.shareMode,
    openType: entry.openType,
    openCondition: entry.openCondition,
    openSociety: entry.openSociety,
    applyNeedsVerified: entry.applyNeedsVerified,
    updateFrequency: entry.updateFrequency,
    inputFrequency: entry.inputFrequency,
    releaseTime: entry.releaseTime ? dayjs(entry.releaseTime) : null,
    dataFormat: entry.dataFormat,
    dataList: fromDataItems(entry.dataList),
    serviceMatter: entry.serviceMatter ? { relatedGovernment: '1', ...entry.serviceMatter } : { ...NOT_RELATED },
  };
}

/** Keeps a conditional field only while its condition holds, so no stale condition is sent. */
const when = <T>(condition: boolean, value: T | null | undefined) => (condition ? (value ?? null) : null);

/**
 * The form's values as the contract's input, before parsing: required texts left blank become ''
 * (the contract words its messages for an emptied input), conditional fields are dropped when
 * their condition does not hold, and the grid rows lose their keys.
 */
export function toRawInput(values: CatalogueFormValues): Record<string, unknown> {
  const { releaseTime, dataList, serviceMatter, ...rest } = values;
  return {
    ...rest,
    catalogName: values.catalogName ?? '',
    informationSummary: values.informationSummary ?? '',
    keyAreasRemark: when(values.keyAreasType === KEY_AREA_OTHER, values.keyAreasRemark),
    shareCondition: when(values.shareType === '20', values.shareCondition),
    dontShareCondition: when(values.shareType === '30', values.dontShareCondition),
    openCondition: when(values.openType === '2', values.openCondition),
    applyNeedsVerified: values.openType === '2' && Boolean(values.applyNeedsVerified),
    inputFrequency: when(
      Boolean(values.updateFrequency && INPUT_FREQUENCY_RULE[values.updateFrequency]),
      values.inputFrequency,
    ),
    releaseTime: releaseTime ? releaseTime.startOf('day').toISOString() : null,
    dataList: toDataItemInputs(dataList ?? []),
    // 否 sends nothing else: the fields of an unrelated entry are not kept.
    serviceMatter: serviceMatter?.relatedGovernment === '1' ? serviceMatter : { relatedGovernment: '0' },
  };
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/**
 * Contract issues split into the form's fields (first message each) and the number of grid rows
 * with a problem (the grid shows those itself).
 */
export function fieldErrors(issues: readonly Issue[]): {
  fields: { name: string | [string, string]; errors: string[] }[];
  dataList: number;
} {
  const fields = new Map<string, { name: string | [string, string]; message: string }>();
  const rows = new Set<unknown>();
  for (const issue of issues) {
    const [head, row] = issue.path;
    if (head === 'dataList') rows.add(row);
    else if (head === 'serviceMatter' && typeof row === 'string') {
      // The 服务事项 section's fields are nested under serviceMatter.
      const key = `serviceMatter.${row}`;
      if (!fields.has(key)) fields.set(key, { name: ['serviceMatter', row], message: issue.message });
    } else if (typeof head === 'string' && !fields.has(head)) fields.set(head, { name: head, message: issue.message });
  }
  return {
    fields: [...fields.values()].map(({ name, message }) => ({ name, errors: [message] })),
    dataList: rows.size,
  };
}
