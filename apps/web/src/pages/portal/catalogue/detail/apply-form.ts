import type { OpenApplyRequest } from '@/api/open-apply';

type DateValue = { format(template: string): string } | null | undefined;
type FileValue = { response?: { id?: string } } | undefined;

export type ApplyFormValues = {
  purpose: string;
  scenario: string;
  fields: string[];
  startDate: DateValue;
  endDate: DateValue;
  securityMeasures: string;
  applicationFile?: FileValue[];
  pledgeFile?: FileValue[];
  agreementAccepted: boolean;
};

/** The form's values as the server takes them (`OpenApplyInput`), with the version of the agreement shown. */
export function toApplyInput(catalogId: string, agreementVersion: string, values: ApplyFormValues): OpenApplyRequest {
  return {
    catalogId,
    purpose: values.purpose?.trim() ?? '',
    scenario: values.scenario?.trim() ?? '',
    fields: values.fields ?? [],
    startDate: values.startDate?.format('YYYY-MM-DD') ?? '',
    endDate: values.endDate?.format('YYYY-MM-DD') ?? '',
    securityMeasures: values.securityMeasures?.trim() ?? '',
    applicationFileId: values.applicationFile?.[0]?.response?.id ?? '',
    pledgeFileId: values.pledgeFile?.[0]?.response?.id ?? '',
    agreementVersion,
    agreementAccepted: values.agreementAccepted === true,
  };
}

/** The form field a server refusal names (`OpenApplyInput`'s key, possibly with an index: `fields.0`). */
export function formFieldOf(field: string | undefined): keyof ApplyFormValues | undefined {
  const key = field?.split('.')[0];
  switch (key) {
    case 'purpose':
    case 'scenario':
    case 'fields':
    case 'startDate':
    case 'endDate':
    case 'securityMeasures':
    case 'agreementAccepted':
      return key;
    case 'agreementVersion':
      return 'agreementAccepted';
    case 'applicationFileId':
      return 'applicationFile';
    case 'pledgeFileId':
      return 'pledgeFile';
    default:
      return undefined;
  }
}
