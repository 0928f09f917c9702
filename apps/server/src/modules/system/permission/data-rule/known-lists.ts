import type { DataRuleColumns } from '../../../../platform/resource/data-rules.js';
import { CATALOGUE_LIST_MENU, catalogueDataRuleColumns } from '../../../catalogue/entry/service.js';
import { userDataRuleColumns } from '../../user/resource.js';

type KnownList = { columns: DataRuleColumns; labels: Record<string, string> };

/**
 * The lists that apply 数据规则, by the path of the menu they belong to. Rules on these menus are
 * checked against the list's columns when saved; the labels only help the administrator choose.
 */
const KNOWN_LISTS: Record<string, KnownList> = {
  '/system/User': {
    columns: userDataRuleColumns,
    labels: {
      id: '用户ID',
      username: '用户账号',
      realname: '用户姓名',
      nickname: '昵称',
      phone: '手机号码',
      email: '邮箱',
      sex: '性别',
      status: '状态（1 正常，2 冻结）',
      orgCode: '当前部门编码',
      createTime: '创建时间',
    },
  },
  [CATALOGUE_LIST_MENU]: {
    columns: catalogueDataRuleColumns,
    labels: {
      catalogCode: '目录编码',
      catalogName: '目录名称',
      orgCode: '数源单位编码',
      createBy: '创建人ID',
      catalogStatus: '编目状态（0 草稿，1 待审核，2 审核通过，3 审核不通过）',
      shelfStatus: '上架状态',
      openType: '开放类型',
      shareType: '共享类型',
      keyAreasType: '重点领域',
      updateFrequency: '更新频率',
      dataFormat: '数据格式（file、table、api）',
      baseLibrary: '基础库',
      dataRange: '数据范围',
      createTime: '创建时间',
      updateTime: '更新时间',
      releaseTime: '发布时间',
    },
  },
};

export function knownListOf(menuPath: string | null): KnownList | null {
  return menuPath && Object.hasOwn(KNOWN_LISTS, menuPath) ? KNOWN_LISTS[menuPath] : null;
}
