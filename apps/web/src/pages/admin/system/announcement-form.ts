import type { AnnouncementRecord, MsgCategory, Priority } from '@odp/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** 全体用户, 指定用户 or 指定部门: the form's choice, stored as msgType ALL / USER with userIds or departIds. */
export type Audience = 'ALL' | 'USER' | 'DEPART';

export type AnnouncementFormValues = {
  titile: string;
  msgContent: string;
  msgAbstract?: string | null;
  priority: Priority;
  msgCategory: MsgCategory;
  audience: Audience;
  /** 公开到门户 (only for 全体用户). */
  isPublic?: boolean;
  userIds?: string[];
  departIds?: string[];
  startTime?: Dayjs | string | null;
  endTime?: Dayjs | string | null;
  openType: 'none' | 'url' | 'component';
  openPage?: string | null;
};

export const EMPTY_ANNOUNCEMENT: AnnouncementFormValues = {
  titile: '',
  msgContent: '',
  priority: 'L',
  msgCategory: '1',
  audience: 'ALL',
  isPublic: false,
  userIds: [],
  departIds: [],
  openType: 'none',
};

const splitIds = (csv: string) =>
  csv
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function toFormValues(record: AnnouncementRecord): AnnouncementFormValues {
  const userIds = splitIds(record.userIds);
  const departIds = splitIds(record.departIds);
  const audience: Audience = record.msgType === 'ALL' ? 'ALL' : userIds.length || !departIds.length ? 'USER' : 'DEPART';
  return {
    titile: record.titile,
    msgContent: record.msgContent,
    msgAbstract: record.msgAbstract,
    priority: record.priority,
    msgCategory: record.msgCategory,
    audience,
    isPublic: record.isPublic,
    userIds,
    departIds,
    startTime: record.startTime ? dayjs(record.startTime) : null,
    endTime: record.endTime ? dayjs(record.endTime) : null,
    openType: record.openType ?? 'none',
    openPage: record.openPage,
  };
}

const iso = (value: Dayjs | string | null | undefined) => (value ? dayjs(value).toISOString() : null);

/** The values as the API takes them; only the chosen audience's list goes out. */
export function toAnnouncementInput(values: AnnouncementFormValues) {
  const opens = values.openType !== 'none';
  return {
    titile: values.titile,
    msgContent: values.msgContent,
    msgAbstract: values.msgAbstract || null,
    priority: values.priority,
    msgCategory: values.msgCategory,
    msgType: values.audience === 'ALL' ? ('ALL' as const) : ('USER' as const),
    isPublic: values.audience === 'ALL' && Boolean(values.isPublic),
    userIds: values.audience === 'USER' ? (values.userIds ?? []) : [],
    departIds: values.audience === 'DEPART' ? (values.departIds ?? []) : [],
    startTime: iso(values.startTime),
    endTime: iso(values.endTime),
    openType: opens ? (values.openType as 'url' | 'component') : null,
    openPage: opens ? values.openPage || null : null,
  };
}
