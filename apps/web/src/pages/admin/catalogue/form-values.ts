import { type CatalogueCreateInput, type CatalogueDetail, INPUT_FREQUENCY_RULE, KEY_AREA_OTHER } from '@odp/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type DataItemRow, fromDataItems, toDataItemInputs } from '@/components/catalogue/data-items';

/** What the entry form holds: the contract's fields, the release date as a dayjs and the items as grid rows. */
export type CatalogueFormValues = Partial<Omit<CatalogueCreateInput, 'dataList' | 'releaseTime'>> & {
  releaseTime?: Dayjs | null;
  dataList: DataItemRow[];
};

export const emptyValues = (): CatalogueFormValues => ({
  baseLibrary: '0',
  dataRange: '3',
  openSociety: false,
  applyNeedsVerified: false,
  dataFormat: 'file',
  dataList: [],
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
  const { releaseTime, dataList, ...rest } = values;
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
  };
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/**
 * Contract issues split into the form's fields (first message each) and the number of grid rows
 * with a problem (the grid shows those itself).
 */
export function fieldErrors(issues: readonly Issue[]): {
  fields: { name: string; errors: string[] }[];
  dataList: number;
} {
  const fields = new Map<string, string>();
  const rows = new Set<unknown>();
  for (const issue of issues) {
    const [head, row] = issue.path;
    if (head === 'dataList') rows.add(row);
    else if (typeof head === 'string' && !fields.has(head)) fields.set(head, issue.message);
  }
  return { fields: [...fields].map(([name, message]) => ({ name, errors: [message] })), dataList: rows.size };
}
