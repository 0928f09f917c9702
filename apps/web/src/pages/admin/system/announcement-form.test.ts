import type { AnnouncementRecord } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_ANNOUNCEMENT, toAnnouncementInput, toFormValues } from './announcement-form';

const record = (overrides: Partial<AnnouncementRecord> = {}): AnnouncementRecord => ({
  id: 'a1',
  source: 'annt',
  messageType: null,
  titile: '标题',
  msgContent: '<p>正文</p>',
  msgAbstract: null,
  priority: 'H',
  isPublic: false,
  sender: '',
  sendTime: '2026-11-01T00:00:00.000Z',
  createTime: '2026-11-01T00:00:00.000Z',
  openType: null,
  openPage: null,
  busId: null,
  msgCategory: '1',
  readFlag: false,
  sendStatus: '0',
  msgType: 'ALL',
  userIds: '',
  departIds: '',
  startTime: null,
  endTime: null,
  cancelTime: null,
  createBy: 'admin',
  ...overrides,
});

describe('announcement form', () => {
  it('sends only the chosen audience', () => {
    const values = { ...EMPTY_ANNOUNCEMENT, titile: 't', msgContent: 'c', userIds: ['u1'], departIds: ['d1'] };
    expect(toAnnouncementInput({ ...values, audience: 'ALL' })).toMatchObject({
      msgType: 'ALL',
      userIds: [],
      departIds: [],
    });
    expect(toAnnouncementInput({ ...values, audience: 'USER' })).toMatchObject({
      msgType: 'USER',
      userIds: ['u1'],
      departIds: [],
    });
    expect(toAnnouncementInput({ ...values, audience: 'DEPART' })).toMatchObject({
      msgType: 'USER',
      userIds: [],
      departIds: ['d1'],
    });
  });

  it('drops the page when nothing opens, and writes times as ISO', () => {
    const input = toAnnouncementInput({
      ...EMPTY_ANNOUNCEMENT,
      openType: 'none',
      openPage: '/bell',
      startTime: '2026-11-02T08:00:00.000Z',
    });
    expect(input).toMatchObject({
      openType: null,
      openPage: null,
      startTime: '2026-11-02T08:00:00.000Z',
      endTime: null,
    });
    expect(toAnnouncementInput({ ...EMPTY_ANNOUNCEMENT, openType: 'url', openPage: '/bell' })).toMatchObject({
      openType: 'url',
      openPage: '/bell',
    });
  });

  it('reads a record back: department audience, times and open type', () => {
    const values = toFormValues(
      record({
        msgType: 'USER',
        departIds: 'd1,d2',
        startTime: '2026-11-02T08:00:00.000Z',
        openType: 'component',
        openPage: '/bell',
      }),
    );
    expect(values).toMatchObject({ audience: 'DEPART', departIds: ['d1', 'd2'], userIds: [], openType: 'component' });
    expect(toAnnouncementInput(values).startTime).toBe('2026-11-02T08:00:00.000Z');
    expect(toFormValues(record({ msgType: 'USER', userIds: 'u1' })).audience).toBe('USER');
    expect(toFormValues(record()).audience).toBe('ALL');
  });
});
