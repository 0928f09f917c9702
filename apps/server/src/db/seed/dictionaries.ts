import {
  ACCOUNT_TYPE_DICT,
  ACCOUNT_TYPES,
  CONVEY_TYPE_LABEL,
  DEFAULT_OPEN_QUOTAS,
  INTERACTION_DUE_DAYS,
  INTERACTION_KINDS,
  OPEN_APPLY_NODE_DAYS,
  OPEN_APPLY_RULE_DEFAULTS,
  OPEN_APPLY_RULE_DICT,
  REAL_NAME_DICT,
  SHARE_NODE_DAYS,
  SHARE_RELEASE_REASON_LABEL,
  SHARE_STATUS_LABEL,
  WORKFLOW_DUE_DICT,
} from '@odp/contracts';
import { DISTRICTS, MUNICIPAL_DEPARTS } from './departs.js';

/** [value, text, color?] — `color` is an antd tag colour (preset name or hex) for status-like items. */
export type DictItemSeed = readonly [value: string, text: string, color?: string];
/** [dictCode, dictName, items] — codes are stable strings the web and the data rely on. */
export type DictSeed = readonly [code: string, name: string, items: readonly DictItemSeed[]];

const YES_NO: readonly DictItemSeed[] = [
  ['1', '是'],
  ['0', '否'],
];

/** 10 无条件共享, 20 有条件共享, 30 不予共享 (GB/T 21063 共享属性). */
const SHARE_ITEMS: readonly DictItemSeed[] = [
  ['10', '无条件共享', 'success'],
  ['20', '有条件共享', 'warning'],
  ['30', '不予共享', 'default'],
];

/** 1 无条件开放, 2 有条件开放, 3 不予开放. */
const OPEN_ITEMS: readonly DictItemSeed[] = [
  ['1', '无条件开放', 'success'],
  ['2', '有条件开放', 'warning'],
  ['3', '不予开放', 'default'],
];

/** 共享申请状态, as SHARE_MACHINE names them. */
const SHARE_STATUS_COLOR: Record<string, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'processing',
  '3': 'success',
  '4': 'error',
  '5': 'default',
};
const SHARE_STATUS_ITEMS: readonly DictItemSeed[] = Object.entries(SHARE_STATUS_LABEL).map(
  ([value, text]) => [value, text, SHARE_STATUS_COLOR[value]] as const,
);

/** 释放原因 (shareOffStatus). */
const SHARE_RELEASE_ITEMS: readonly DictItemSeed[] = Object.entries(SHARE_RELEASE_REASON_LABEL).map(
  ([value, text]) => [value, text] as const,
);

const KEY_AREAS: readonly DictItemSeed[] = [
  '信用服务',
  '医疗卫生',
  '社保就业',
  '公共安全',
  '城建住房',
  '交通运输',
  '教育文化',
  '科技创新',
  '资源能源',
  '工业农业',
  '财税金融',
  '安全生产',
  '市场监督',
  '社会救助',
  '法律服务',
  '生活服务',
  '气象服务',
  '地理空间',
  '机构团体',
  '商贸流通',
  '其他',
].map((text, i) => [String(i + 1), text] as const);

/** 数源单位: every department and district of the demo city, by its `orgCode`. */
const SOURCE_UNITS: readonly DictItemSeed[] = [
  ...MUNICIPAL_DEPARTS.map(([orgCode, departName]) => [orgCode, departName] as const),
  ...DISTRICTS.map(([orgCode, departName]) => [orgCode, departName] as const),
];

export const DICTIONARIES: readonly DictSeed[] = [
  // 系统
  [
    'sex',
    '性别',
    [
      ['1', '男'],
      ['2', '女'],
      ['0', '未知'],
    ],
  ],
  [
    'user_status',
    '用户状态',
    [
      ['1', '正常', 'success'],
      ['2', '冻结', 'error'],
    ],
  ],
  [
    'priority',
    '优先级',
    [
      ['L', '一般消息', 'blue'],
      ['M', '重要消息', 'orange'],
      ['H', '紧急消息', 'red'],
    ],
  ],
  [
    'msg_category',
    '消息类型',
    [
      ['1', '通知'],
      ['2', '系统消息'],
    ],
  ],
  [
    'org_type',
    '机构类型',
    [
      ['0', '机构'],
      ['1', '部门'],
      ['2', '区县'],
    ],
  ],
  [
    'state',
    '启用状态',
    [
      ['1', '启用', 'success'],
      ['0', '停用', 'default'],
    ],
  ],
  [
    'announcement_status',
    '公告状态',
    [
      ['0', '未发布', 'default'],
      ['1', '已发布', 'success'],
      ['2', '已撤销', 'warning'],
    ],
  ],
  [
    'message_type',
    '消息分类',
    [
      ['1', '业务审核'],
      ['2', '工单处理'],
      ['3', '通知公告'],
      ['4', '数据上架'],
      ['5', '数据下架'],
      ['6', '共享申请'],
      ['7', '开放申请'],
      ['8', '系统消息'],
    ],
  ],
  [
    'import_template_file_name',
    '导入模板文件名',
    [
      ['catalog', '信息资源目录导入模板.xlsx'],
      ['data_item', '信息项导入模板.xlsx'],
      ['user', '用户导入模板.xlsx'],
      ['depart', '部门导入模板.xlsx'],
      ['excel_report', 'Excel 数据填报模板.xlsx'],
    ],
  ],
  [
    'administrative_division',
    '行政区划',
    [
      ['330100', '滨江市（市本级）'],
      ['330102', '东湖区'],
      ['330103', '西城区'],
      ['330104', '南湖区'],
      ['330105', '北山区'],
      ['330122', '临江县'],
      ['330127', '青山县'],
    ],
  ],
  [
    'data_range',
    '数据范围',
    [
      ['1', '全国'],
      ['2', '全省'],
      ['3', '全市'],
      ['4', '区县'],
    ],
  ],

  // 信息资源目录
  [
    'catalog_status',
    '编目状态',
    [
      ['0', '草稿', 'default'],
      ['1', '待审核', 'processing'],
      ['2', '审核通过', 'success'],
      ['3', '审核不通过', 'error'],
    ],
  ],
  [
    'cata_status',
    '上架状态',
    [
      ['0', '未上架', 'default'],
      ['1', '上架审核中', 'processing'],
      ['2', '已上架', 'success'],
      ['3', '下架审核中', 'warning'],
      ['4', '已下架', 'default'],
      ['9', '已删除', 'error'],
    ],
  ],
  [
    'imputation_status',
    '归集状态',
    [
      ['0', '未归集', 'default'],
      ['1', '归集中', 'processing'],
      ['2', '已归集', 'success'],
      ['3', '归集失败', 'error'],
    ],
  ],
  [
    'open_cata_status',
    '开放状态',
    [
      ['0', '未开放', 'default'],
      ['1', '开放审核中', 'processing'],
      ['2', '已开放', 'success'],
      ['3', '已停止开放', 'warning'],
    ],
  ],
  ['share_type', '共享类型', SHARE_ITEMS],
  ['share_property', '共享属性', SHARE_ITEMS],
  ['open_type', '开放类型', OPEN_ITEMS],
  ['open_properties', '开放属性', OPEN_ITEMS],
  ['open_society', '是否向社会开放', YES_NO],
  ['key_areas_type', '重点领域分类', KEY_AREAS],
  [
    'share_mode',
    '共享方式',
    [
      ['table', '库表'],
      ['api', '接口'],
      ['file', '文件'],
    ],
  ],
  [
    'base_library',
    '基础库/专题库',
    [
      ['1', '基础库'],
      ['2', '专题库'],
      ['0', '否'],
    ],
  ],
  [
    'business_department',
    '业务责任科室',
    [
      ['01', '办公室'],
      ['02', '综合科'],
      ['03', '政策法规科'],
      ['04', '规划发展科'],
      ['05', '数据资源科'],
      ['06', '信息中心'],
      ['07', '统计科'],
      ['08', '行政审批科'],
      ['99', '其他科室'],
    ],
  ],
  [
    'update_frequency',
    '更新频率',
    [
      ['1', '每日'],
      ['2', '每周'],
      ['3', '每月'],
      ['4', '每季度'],
      ['5', '每半年'],
      ['6', '每年'],
      ['7', '不定期'],
      ['8', '分钟级'],
      ['9', '小时级'],
    ],
  ],
  [
    'update_tatus',
    '更新状态',
    [
      ['1', '已更新', 'success'],
      ['2', '待更新', 'warning'],
      ['3', '更新已超时', 'error'],
    ],
  ],
  ['generate_dataset', '是否生成数据集', YES_NO],
  [
    'data_format',
    '汇聚方式',
    [
      ['file', '文件'],
      ['table', '库表'],
      ['api', '接口'],
    ],
  ],
  [
    'data_type',
    '信息资源格式',
    [
      ['1', '电子文件'],
      ['2', '电子表格'],
      ['3', '数据库'],
      ['4', '图形图像'],
      ['5', '流媒体'],
      ['6', '自描述格式'],
      ['7', '接口'],
      ['9', '其他'],
    ],
  ],
  [
    'data_object',
    '数据对象',
    [
      ['1', '自然人'],
      ['2', '法人'],
      ['3', '自然资源和空间地理'],
      ['4', '宏观经济'],
      ['5', '电子证照'],
      ['9', '其他'],
    ],
  ],
  [
    'data_level',
    '数据分级',
    [
      ['1', '一级（公开数据）', 'green'],
      ['2', '二级（内部数据）', 'blue'],
      ['3', '三级（敏感数据）', 'orange'],
      ['4', '四级（重要数据）', 'red'],
    ],
  ],
  [
    'field_data_type',
    '信息项数据类型',
    [
      ['C', '字符型'],
      ['N', '数值型'],
      ['D', '日期型'],
      ['DT', '日期时间型'],
      ['B', '布尔型'],
      ['BY', '二进制'],
    ],
  ],
  ['primary_key', '是否主键', YES_NO],
  ['can_it_be_empty', '是否可为空', YES_NO],
  ['source_unit', '数源单位', SOURCE_UNITS],
  [
    'source_system',
    '数源应用系统',
    [
      ['SYS001', '滨江市人口综合信息管理系统'],
      ['SYS002', '滨江市公交一卡通运营管理系统'],
      ['SYS003', '滨江市环境空气质量自动监测系统'],
      ['SYS004', '滨江市全民健康信息平台'],
      ['SYS005', '滨江市教育管理公共服务平台'],
      ['SYS006', '滨江市市场主体登记注册系统'],
      ['SYS007', '滨江市不动产登记信息管理平台'],
      ['SYS008', '滨江市社会保障信息系统'],
      ['SYS009', '滨江市社会救助管理信息系统'],
      ['SYS010', '滨江市工程建设项目审批管理系统'],
      ['SYS011', '滨江市统计数据采集处理系统'],
      ['SYS012', '滨江市公共数据平台'],
      ['SYS013', '滨江市应急指挥综合业务系统'],
      ['SYS014', '滨江市气象综合业务平台'],
    ],
  ],
  [
    'early_warning_information',
    '下架原因',
    [
      ['1', '数据已过时，不再更新'],
      ['2', '数据质量存在问题'],
      ['3', '涉及个人隐私或敏感信息'],
      ['4', '数源系统停用或迁移'],
      ['5', '依据政策调整不再开放'],
      ['6', '收到权益保护申请'],
      ['9', '其他原因'],
    ],
  ],

  // 政务服务事项与应用场景
  [
    'event_type',
    '事项类型',
    [
      ['1', '行政许可'],
      ['2', '行政处罚'],
      ['3', '行政强制'],
      ['4', '行政征收'],
      ['5', '行政给付'],
      ['6', '行政检查'],
      ['7', '行政确认'],
      ['8', '行政奖励'],
      ['9', '行政裁决'],
      ['10', '其他行政权力'],
      ['11', '公共服务'],
    ],
  ],
  [
    'event_classification',
    '事项分类',
    [
      ['1', '个人事项'],
      ['2', '法人事项'],
      ['3', '个人和法人事项'],
    ],
  ],
  [
    'driving_level',
    '行使层级',
    [
      ['1', '国家级'],
      ['2', '省级'],
      ['3', '设区市级'],
      ['4', '县级'],
      ['5', '乡镇（街道）级'],
      ['6', '村（社区）级'],
    ],
  ],
  ['electronic_certificate', '是否电子证照', YES_NO],
  [
    'result_type',
    '办理结果类型',
    [
      ['1', '证照'],
      ['2', '批文'],
      ['3', '其他结果'],
      ['0', '无'],
    ],
  ],
  [
    'application_scenario',
    '应用场景',
    [
      ['1', '政务服务'],
      ['2', '社会治理'],
      ['3', '民生服务'],
      ['4', '经济发展'],
      ['5', '城市管理'],
      ['9', '其他'],
    ],
  ],
  [
    'scenario_description',
    '场景用途',
    [
      ['1', '办事材料免提交'],
      ['2', '身份与资质核验'],
      ['3', '数据比对核查'],
      ['4', '统计分析与决策'],
      ['5', '监管执法'],
      ['9', '其他'],
    ],
  ],
  [
    'provide_channels',
    '提供渠道',
    [
      ['1', '政务服务网'],
      ['2', '移动端 App'],
      ['3', '小程序'],
      ['4', '线下窗口'],
      ['5', '自助终端'],
    ],
  ],

  // 接口
  [
    'request_mode',
    '请求方式',
    [
      ['GET', 'GET'],
      ['POST', 'POST'],
      ['PUT', 'PUT'],
      ['DELETE', 'DELETE'],
    ],
  ],
  [
    'response_type',
    '返回类型',
    [
      ['json', 'JSON'],
      ['xml', 'XML'],
      ['text', '文本'],
    ],
  ],
  [
    'request_data_type',
    '请求数据类型',
    [
      ['json', 'JSON'],
      ['form', '表单'],
      ['xml', 'XML'],
    ],
  ],
  [
    'service_request',
    '服务协议',
    [
      ['http', 'HTTP'],
      ['https', 'HTTPS'],
      ['webservice', 'WebService'],
    ],
  ],
  [
    'para_type',
    '参数类型',
    [
      ['string', '字符串'],
      ['int', '整数'],
      ['long', '长整数'],
      ['double', '浮点数'],
      ['boolean', '布尔'],
      ['date', '日期'],
      ['array', '数组'],
      ['object', '对象'],
    ],
  ],
  [
    'parameter_location',
    '参数位置',
    [
      ['query', 'Query'],
      ['header', 'Header'],
      ['body', 'Body'],
      ['path', 'Path'],
    ],
  ],
  [
    'api_type',
    '接口类型',
    [
      ['1', '数据查询'],
      ['2', '数据核验'],
      ['3', '文件下载'],
      ['4', '统计分析'],
      ['5', '订阅推送'],
    ],
  ],

  // 共享与交换
  ['share_data_release_status', '共享数据释放原因', SHARE_RELEASE_ITEMS],
  [
    'share_data_type',
    '共享数据类型',
    [
      ['1', '库表'],
      ['2', '接口'],
      ['3', '文件'],
    ],
  ],
  ['share_data_status', '共享申请状态', SHARE_STATUS_ITEMS],
  // item value `<subject>.<taskType>`, item text working days: overrides a machine's review deadline.
  [
    WORKFLOW_DUE_DICT,
    '审核办理时限（工作日）',
    [
      ['share.source', String(SHARE_NODE_DAYS)],
      ['share.bureau', String(SHARE_NODE_DAYS)],
      ['openApply.provider', String(OPEN_APPLY_NODE_DAYS)],
      ['openApply.bureau', String(OPEN_APPLY_NODE_DAYS)],
      ...INTERACTION_KINDS.map((k): [string, string] => [`${k}.reply`, String(INTERACTION_DUE_DAYS[k])]),
    ],
  ],
  // share_auto_grant '1': 无条件共享 data opens when its department approves, without the bureau's review.
  ['share_rule', '数据共享规则', [['share_auto_grant', '0']]],
  // 开放申请: bureau_review '1' the bureau reviews after the provider; calls a day of a granted key; usage
  // reports at the end of the period ('period') or every year as well ('year').
  [OPEN_APPLY_RULE_DICT, '开放申请规则', Object.entries(OPEN_APPLY_RULE_DEFAULTS)],
  [
    'data_management_type',
    '数据管理类型',
    [
      ['1', '目录管理'],
      ['2', '资源挂接'],
      ['3', '数据归集'],
      ['4', '共享管理'],
      ['5', '开放管理'],
    ],
  ],
  // Self-registered accounts (modules/account): 个人 / 法人 and the 实名认证 state.
  [ACCOUNT_TYPE_DICT, '账号类型', Object.entries(ACCOUNT_TYPES)],
  [
    REAL_NAME_DICT,
    '实名认证状态',
    [
      ['0', '未认证', 'default'],
      ['1', '已认证', 'success'],
    ],
  ],
  // 传输模式 of an exchange task (conveyType).
  ['transport_mode', '传输模式', Object.entries(CONVEY_TYPE_LABEL)],
  [
    'open_api_quota',
    '开放接口调用配额（项目文本为次数）',
    (['anonymous', 'registered', 'granted'] as const).flatMap((tier) => [
      [`${tier}.second`, String(DEFAULT_OPEN_QUOTAS[tier].perSecond)],
      [`${tier}.day`, String(DEFAULT_OPEN_QUOTAS[tier].perDay)],
    ]),
  ],
  [
    'primary_key_conflict_policy',
    '主键冲突策略',
    [
      ['1', '覆盖已有记录'],
      ['2', '跳过冲突记录'],
      ['3', '报错并终止'],
    ],
  ],

  // 交流互动与内容
  [
    'consult_type',
    '咨询类型',
    [
      ['1', '数据咨询'],
      ['2', '接口咨询'],
      ['3', '平台使用'],
      ['4', '政策咨询'],
      ['9', '其他'],
    ],
  ],
  [
    'interaction_status',
    '办理状态',
    [
      ['0', '待受理', 'default'],
      ['1', '处理中', 'processing'],
      ['2', '已回复', 'success'],
      ['3', '已关闭', 'default'],
    ],
  ],
  [
    'information_type',
    '资讯类型',
    [
      ['1', '新闻动态'],
      ['2', '政策法规'],
      ['3', '公告通知'],
    ],
  ],
  [
    'release_state',
    '发布状态',
    [
      ['0', '草稿', 'default'],
      ['1', '已发布', 'success'],
      ['2', '已撤回', 'warning'],
    ],
  ],
  [
    'application_type',
    '应用类型',
    [
      ['1', '移动应用'],
      ['2', '网站'],
      ['3', '小程序'],
      ['4', '分析报告'],
      ['5', '可视化'],
      ['6', '创新方案'],
      ['9', '其他'],
    ],
  ],
  [
    'application_status',
    '应用成果状态',
    [
      ['0', '草稿', 'default'],
      ['1', '待审核', 'processing'],
      ['2', '已发布', 'success'],
      ['3', '已驳回', 'error'],
      ['4', '已撤回', 'warning'],
    ],
  ],
  // From the State Council's notice on the 2026 holidays; an administrator adds each later year's when it
  // is published. Deadlines in working days skip the first and count the second.
  [
    'legal_holiday',
    '法定节假日',
    [
      ['2026-01-01', '元旦'],
      ['2026-01-02', '元旦'],
      ['2026-01-03', '元旦'],
      ['2026-02-15', '春节'],
      ['2026-02-16', '春节'],
      ['2026-02-17', '春节'],
      ['2026-02-18', '春节'],
      ['2026-02-19', '春节'],
      ['2026-02-20', '春节'],
      ['2026-02-21', '春节'],
      ['2026-02-22', '春节'],
      ['2026-02-23', '春节'],
      ['2026-04-04', '清明节'],
      ['2026-04-05', '清明节'],
      ['2026-04-06', '清明节'],
      ['2026-05-01', '劳动节'],
      ['2026-05-02', '劳动节'],
      ['2026-05-03', '劳动节'],
      ['2026-05-04', '劳动节'],
      ['2026-05-05', '劳动节'],
      ['2026-06-19', '端午节'],
      ['2026-06-20', '端午节'],
      ['2026-06-21', '端午节'],
      ['2026-09-25', '中秋节'],
      ['2026-09-26', '中秋节'],
      ['2026-09-27', '中秋节'],
      ['2026-10-01', '国庆节'],
      ['2026-10-02', '国庆节'],
      ['2026-10-03', '国庆节'],
      ['2026-10-04', '国庆节'],
      ['2026-10-05', '国庆节'],
      ['2026-10-06', '国庆节'],
      ['2026-10-07', '国庆节'],
    ],
  ],
  [
    'adjusted_workday',
    '调休上班日',
    [
      ['2026-01-04', '元旦调休'],
      ['2026-02-14', '春节调休'],
      ['2026-02-28', '春节调休'],
      ['2026-05-09', '劳动节调休'],
      ['2026-09-20', '国庆节调休'],
      ['2026-10-10', '国庆节调休'],
    ],
  ],
];
