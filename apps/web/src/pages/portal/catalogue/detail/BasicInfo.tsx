import { CATALOGUE_DICT } from '@odp/contracts/constants';
import type { ReactNode } from 'react';
import type { MarketDetail } from '@/api/market';
import { DictText } from '@/components/DictTag';
import { formatDate } from '@/components/portal/format';

type Entry = MarketDetail & { categoryName?: string };

type Field = {
  label: string;
  render: (d: Entry) => ReactNode;
  /** Shown only when the entry has a value (conditions, remarks). */
  optional?: (d: Entry) => unknown;
  span?: number;
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : value;
const dict = (code: string, value: string | null | undefined) => <DictText code={code} value={value} />;

/** 基本信息: every public field of the entry, coded values by their dictionary label. */
const FIELDS: Field[] = [
  { label: '信息资源名称', render: (d) => d.catalogName, span: 2 },
  { label: '信息资源代码', render: (d) => text(d.catalogCode) },
  { label: '英文名称', render: (d) => text(d.catalogEn) },
  { label: '数源单位', render: (d) => text(d.departName) },
  { label: '业务责任科室', render: (d) => dict(CATALOGUE_DICT.businessDepartment, d.businessDepartment) },
  { label: '数源应用系统', render: (d) => text(d.sourceSystem) },
  { label: '资源分类', render: (d) => text(d.categoryName) },
  { label: '信息资源摘要', render: (d) => text(d.informationSummary), span: 2 },
  { label: '重点领域', render: (d) => dict(CATALOGUE_DICT.keyAreasType, d.keyAreasType) },
  { label: '重点领域备注', render: (d) => text(d.keyAreasRemark), optional: (d) => d.keyAreasRemark },
  { label: '基础库/专题库', render: (d) => dict(CATALOGUE_DICT.baseLibrary, d.baseLibrary) },
  { label: '数据范围', render: (d) => dict(CATALOGUE_DICT.dataRange, d.dataRange) },
  { label: '共享类型', render: (d) => dict(CATALOGUE_DICT.shareType, d.shareType) },
  { label: '共享方式', render: (d) => dict(CATALOGUE_DICT.shareMode, d.shareMode) },
  { label: '开放类型', render: (d) => dict(CATALOGUE_DICT.openType, d.openType) },
  { label: '汇聚方式', render: (d) => dict(CATALOGUE_DICT.dataFormat, d.dataFormat) },
  { label: '开放条件', render: (d) => text(d.openCondition), optional: (d) => d.openCondition, span: 2 },
  {
    label: '申请条件',
    render: () => '须完成实名认证（已认证）后方可申请',
    optional: (d) => d.applyNeedsVerified,
  },
  {
    label: '更新频率',
    render: (d) => (
      <>
        {dict(CATALOGUE_DICT.updateFrequency, d.updateFrequency)}
        {d.inputFrequency ? `（${d.inputFrequency}）` : ''}
      </>
    ),
  },
  { label: '数据量', render: (d) => `${(d.totalNum ?? 0).toLocaleString('zh-CN')} 条` },
  { label: '发布日期', render: (d) => formatDate(d.releaseTime) },
  { label: '最近更新时间', render: (d) => formatDate(d.dataUpdateTime) },
  { label: '是否向社会开放', render: (d) => (d.openSociety ? '是' : '否') },
];

/**
 * `categoryName` names the entry's category (from the category tree the page already has). Two
 * label/value pairs a row on a wide screen, each label above its value on a phone (`catalogue.css`):
 * plain markup, as the first tab of the page a phone renders first.
 */
export function BasicInfo({ detail, categoryName }: { detail: MarketDetail; categoryName?: string }) {
  const entry: Entry = { ...detail, categoryName };
  return (
    <dl className="detail-basic">
      {FIELDS.filter((f) => !f.optional || f.optional(entry)).map((f) => (
        <div key={f.label} className={f.span === 2 ? 'detail-basic-pair detail-basic-full' : 'detail-basic-pair'}>
          <dt>{f.label}</dt>
          <dd>{f.render(entry)}</dd>
        </div>
      ))}
    </dl>
  );
}
