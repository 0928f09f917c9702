import type {
  AchievementAction,
  AchievementCard,
  AchievementDetail,
  AchievementImage,
  AchievementListQuery,
  AchievementRecord,
  AchievementSaveForm,
  BatchResult,
  Page,
  PublicAchievementQuery,
} from '@odp/contracts';
import { http } from './client';

/* 应用成果: the public list and detail, the owner's and the back office's calls. Types only from the contract. */

export const achievementKeys = {
  all: ['achievement'] as const,
  lists: () => ['achievement', 'list'] as const,
  list: (params: object) => ['achievement', 'list', params] as const,
  detail: (id: string) => ['achievement', 'detail', id] as const,
  publicAll: ['achievement', 'public'] as const,
  publicList: (q: object) => ['achievement', 'public', 'list', q] as const,
  publicDetail: (id: string, viewer: 'guest' | 'user') => ['achievement', 'public', 'detail', id, viewer] as const,
  ofDataset: (catalogId: string) => ['achievement', 'public', 'dataset', catalogId] as const,
  home: ['achievement', 'public', 'home'] as const,
  logs: (id: string) => ['achievement', 'logs', id] as const,
};

export type PublicAchievementParams = Partial<PublicAchievementQuery>;

export const pagePublicAchievements = (q: PublicAchievementParams) =>
  http.get<Page<AchievementCard>>('/api/achievement/public/page', q as Record<string, string>);
export const getPublicAchievement = (id: string, counted: boolean) =>
  http.get<AchievementDetail>('/api/achievement/public/detail', { id, ...(counted ? { counted: '1' } : {}) });
export const achievementsOfDataset = (catalogId: string) =>
  http.get<AchievementCard[]>('/api/achievement/public/byDataset', { catalogId }, { silent: true });
export const homeAchievements = () =>
  http.get<{ newest: AchievementCard[]; hottest: AchievementCard[] }>('/api/achievement/public/home', undefined, {
    silent: true,
  });
export const rateAchievement = (id: string, score: number) =>
  http.post<{ scoreAvg: number; scoreNum: number; myScore: number }>('/api/achievement/public/rate', { id, score });
export const collectAchievement = (id: string, collect: boolean) =>
  http.post<{ collected: boolean; collectNum: number }>('/api/achievement/public/collect', { id, collect });

export type AchievementSide = 'personal' | 'department';
const prefix = (side: AchievementSide) => (side === 'personal' ? '/api/achievement/personal' : '/api/achievement');

export const listAchievements = (side: AchievementSide, params: Partial<AchievementListQuery>) =>
  http.get<Page<AchievementRecord>>(`${prefix(side)}/list`, params as Record<string, string>);
export const getAchievement = (id: string) =>
  http.get<AchievementRecord>('/api/achievement/getAchievementInfo', { id });
/** Silent: the form shows the refusal beside its field. */
export const saveAchievement = (side: AchievementSide, form: AchievementSaveForm, submit: boolean) =>
  http.post<string>(`${prefix(side)}/${submit ? 'submitForReview' : 'save'}`, form, { silent: true });
export const transitionAchievements = (action: AchievementAction, ids: string[], comment?: string) =>
  http.post<BatchResult>('/api/achievement/transition', { ids, action, comment });
export type AchievementLog = {
  id: string;
  actionLabel: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  operator: string;
  departName: string | null;
  time: string;
};
export const achievementLogs = (id: string) => http.get<AchievementLog[]>('/api/achievement/logs', { id });
export const associatedData = (catalogName?: string, ids?: string[]) =>
  http.get<{ id: string; catalogName: string; orgCode: string | null }[]>('/api/achievement/getAssociatedData', {
    ...(catalogName ? { catalogName } : {}),
    ...(ids?.length ? { ids: ids.join(',') } : {}),
  });
export function uploadAchievementImage(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<AchievementImage>('/api/achievement/image', form, { silent: true });
}
