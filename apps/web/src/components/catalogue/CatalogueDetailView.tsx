import { type CategoryNode, SERVICE_MATTER_DICT } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, type DescriptionsProps, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { CatalogueEntry } from '@/api/catalogue';
import { CATALOGUE_TREE, categoryKeys, getCategoryNodes } from '@/api/category';
import { useDictOptions } from '@/components/DictSelect';
import { DictTag, DictText } from '@/components/DictTag';
import { DataItemGrid } from './DataItemGrid';
import { fromDataItems } from './data-items';
import { FileUploader } from './FileUploader';
import { describeInputFrequency } from './input-frequency';
import { StatusTags } from './StatusTags';

function findNode(nodes: readonly CategoryNode[], id: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = node.children ? findNode(node.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

export function CategoryName({ id }: { id: string | null | undefined }) {
  const tree = useQuery({
    queryKey: categoryKeys.tree(CATALOGUE_TREE),
    queryFn: () => getCategoryNodes(CATALOGUE_TREE),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
  if (!id) return <>-</>;
  return <>{findNode(tree.data ?? [], id)?.categoryName ?? '-'}</>;
}

/** Several codes of one dictionary as their labels, in the dictionary's order. */
function DictLabels({ code, values }: { code: string; values: readonly string[] }) {
  const items = useDictOptions(code);
  const labels = items.filter((i) => values.includes(i.value)).map((i) => i.text || i.label);
  return <>{labels.length ? labels.join('、') : values.join('、')}</>;
}

const dash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '-' : value);
const time = (value: string | null | undefined, format = 'YYYY-MM-DD HH:mm:ss') =>
  value ? dayjs(value).format(format) : '-';

type Item = NonNullable<DescriptionsProps['items']>[number];

function Section({ title, items, extra }: { title: string; items: Item[]; extra?: ReactNode }) {
  return (
    <Card title={title} size="small" extra={extra}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={items}
        labelStyle={{ width: 150 }}
      />
    </Card>
  );
}

/** An entry read-only, section by section: the view page and the reviewer's drawer. */
export function CatalogueDetailView({ entry }: { entry: CatalogueEntry }) {
  const item = (label: string, children: ReactNode, span?: number): Item => ({
    key: label,
    label,
    children: dash(children),
    span,
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Section
        title="基本信息"
        items={[
          item('信息资源代码', entry.catalogCode),
          item('信息资源名称', entry.catalogName),
          item('英文名称', entry.catalogEn),
          item('状态', <StatusTags catalogStatus={entry.catalogStatus} shelfStatus={entry.shelfStatus} />),
          item(
            '重点领域分类',
            <>
              <DictTag code="key_areas_type" value={entry.keyAreasType} />
              {entry.keyAreasRemark}
            </>,
          ),
          item('基础库/专题库', <DictText code="base_library" value={entry.baseLibrary} />),
          item('资源分类', entry.categoryName ?? <CategoryName id={entry.categoryId} />),
          item('数据范围', <DictText code="data_range" value={entry.dataRange} />),
          item('信息资源摘要', entry.informationSummary, 2),
        ]}
      />
      <Section
        title="资源提供方"
        items={[
          item('数源单位', entry.departName),
          item('业务责任科室', entry.businessDepartment),
          item('数源应用系统', entry.sourceSystem),
          item('联系人', entry.contactPerson),
          item('联系电话', entry.contactPhone),
        ]}
      />
      <Section
        title="共享开放"
        items={[
          item('共享类型', <DictText code="share_type" value={entry.shareType} />),
          item('共享方式', entry.shareMode ? <DictText code="share_mode" value={entry.shareMode} /> : null),
          ...(entry.shareType === '20' ? [item('共享条件', entry.shareCondition, 2)] : []),
          ...(entry.shareType === '30' ? [item('不予共享依据', entry.dontShareCondition, 2)] : []),
          item('开放类型', <DictText code="open_type" value={entry.openType} />),
          item('是否向社会开放', entry.openSociety ? '是' : '否'),
          ...(entry.openType === '2' ? [item('开放条件', entry.openCondition, 2)] : []),
        ]}
      />
      {entry.serviceMatter && (
        <Section
          title="服务事项"
          items={[
            item('关联政务服务', '是'),
            item('是否电子证照', entry.serviceMatter.electronicLicense === '1' ? '是' : '否'),
            item('实施清单编码', entry.serviceMatter.implementationCode),
            item('实施清单名称', entry.serviceMatter.implementationName),
            item('业务办理项编码', entry.serviceMatter.businessCode),
            item('业务办理项名称', entry.serviceMatter.businessName),
            item('事项类型', <DictText code={SERVICE_MATTER_DICT.eventType} value={entry.serviceMatter.eventType} />),
            item('事项分类', <DictText code={SERVICE_MATTER_DICT.eventLevel} value={entry.serviceMatter.eventLevel} />),
            item('事项目录编码', entry.serviceMatter.directoryCode),
            item('事项目录名称', entry.serviceMatter.itemData),
            item(
              '行使层级',
              <DictText code={SERVICE_MATTER_DICT.drivingLevel} value={entry.serviceMatter.drivingLevel} />,
            ),
            item(
              '办理结果类型',
              <DictText code={SERVICE_MATTER_DICT.resultType} value={entry.serviceMatter.resultType} />,
            ),
            item(
              '应用场景',
              <DictText
                code={SERVICE_MATTER_DICT.applicationScenario}
                value={entry.serviceMatter.applicationScenario}
              />,
            ),
            item(
              '场景用途',
              <DictText
                code={SERVICE_MATTER_DICT.applicationScenarioDescribe}
                value={entry.serviceMatter.applicationScenarioDescribe}
              />,
            ),
            item(
              '提供渠道',
              entry.serviceMatter.provideChannels.length ? (
                <DictLabels code={SERVICE_MATTER_DICT.provideChannels} values={entry.serviceMatter.provideChannels} />
              ) : null,
              2,
            ),
          ]}
        />
      )}
      <Section
        title="更新与格式"
        items={[
          item(
            '更新频率',
            <>
              <DictText code="update_frequency" value={entry.updateFrequency} />
              {entry.inputFrequency ? `（${describeInputFrequency(entry.updateFrequency, entry.inputFrequency)}）` : ''}
            </>,
          ),
          item('汇聚方式', <DictText code="data_format" value={entry.dataFormat} />),
          item('发布日期', time(entry.releaseTime, 'YYYY-MM-DD')),
          item('最近更新时间', time(entry.dataUpdateTime)),
          item('数据量（行）', entry.totalNum.toLocaleString('zh-CN')),
          item('浏览 / 下载', `${entry.viewNum} / ${entry.downloadNum}`),
          item('创建时间', time(entry.createTime)),
          item('修改时间', time(entry.updateTime)),
        ]}
      />
      <Card title={`信息项（${entry.dataList.length}）`} size="small">
        <DataItemGrid value={fromDataItems(entry.dataList)} readOnly />
      </Card>
      <Card title="附件" size="small">
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text strong>数据文件</Typography.Text>
          <FileUploader catalogId={entry.id} kind="data" readOnly />
          <Typography.Text strong>说明文档</Typography.Text>
          <FileUploader catalogId={entry.id} kind="doc" readOnly />
        </Space>
      </Card>
    </Space>
  );
}
