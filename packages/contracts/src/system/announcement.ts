/** L 一般消息, M 重要消息, H 紧急消息 */
export type Priority = 'L' | 'M' | 'H';
export const PRIORITY_LABEL: Record<Priority, string> = { L: '一般消息', M: '重要消息', H: '紧急消息' };

/** One item of the bell (spec §3 announcement/notice; `titile` is spelt as the wire has it). */
export type NoticeItem = {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  priority: Priority;
  sender: string;
  sendTime: string;
  createTime: string;
  openType: 'component' | 'url' | null;
  openPage: string | null;
  busId: string | null;
  msgCategory: '1' | '2';
  readFlag: boolean;
};

export type NoticeListResult = {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
};
