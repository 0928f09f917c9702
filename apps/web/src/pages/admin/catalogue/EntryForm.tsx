import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { FooterToolbar } from '@ant-design/pro-components';
import {
  CatalogueCreateInput,
  CatalogueFormShape,
  CataloguePerm,
  CatalogueUpdateInput,
  CollectionPerm,
  INPUT_FREQUENCY_RULE,
  KEY_AREA_OTHER,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  type FormRule,
  Input,
  Result,
  Row,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  type CatalogueEntry,
  catalogueKeys,
  getCatalogue,
  runLifecycle,
  saveCatalogue,
  updateCatalogue,
} from '@/api/catalogue';
import { feedback } from '@/api/feedback';
import { AppSystemSelect } from '@/components/AppSystemSelect';
import { CategoryTreeSelect } from '@/components/catalogue/CategoryTreeSelect';
import { DataItemGrid } from '@/components/catalogue/DataItemGrid';
import { newRow, rowIssues } from '@/components/catalogue/data-items';
import { FileUploader } from '@/components/catalogue/FileUploader';
import { InputFrequencyInput } from '@/components/catalogue/InputFrequencyInput';
import { ServiceMatterFields } from '@/components/catalogue/ServiceMatterFields';
import { StatusTags } from '@/components/catalogue/StatusTags';
import { useCatalogueRefresh } from '@/components/catalogue/use-catalogue-refresh';
import { ItemsFromTableButton } from '@/components/collection/ItemsFromTableButton';
import { TableMountDialog } from '@/components/collection/TableMountDialog';
import { DictSelect, useDictOptions } from '@/components/DictSelect';
import { useCan, zodRule } from '@/components/ResourcePage';
import { blamedField, isApiError } from '@/components/ResourcePage/errors';
import { batchResultOf } from '@/components/Workflow';
import { DepartTreeSelect } from '@/pages/admin/system/DepartTreeSelect';
import { useSession } from '@/session';
import { type CatalogueFormValues, emptyValues, fieldErrors, fromDetail, toRawInput } from './form-values';
import { entryPath } from './paths';

const S = CatalogueFormShape;

/**
 * A rule checked by the whole contract, for the fields whose rule depends on another (共享条件 on
 * 共享类型 …): the form shows exactly the message the server would answer with.
 */
const contractRule =
  (field: string): FormRule =>
  ({ getFieldsValue }) => ({
    required: true,
    validator: async () => {
      const result = CatalogueCreateInput.safeParse(toRawInput(getFieldsValue(true) as CatalogueFormValues));
      const issue = result.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });

const itemsRule: FormRule = {
  validator: async (_rule, rows: CatalogueFormValues['dataList'] | undefined) => {
    const count = Object.keys(rowIssues(rows ?? [])).length;
    if (count) throw new Error(`有 ${count} 个信息项需要修改，请查看表格中的红色提示`);
  },
};

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card title={title} size="small" extra={extra} styles={{ body: { paddingBottom: 0 } }}>
      {children}
    </Card>
  );
}

/** Labels of a dictionary as suggestions for a free-text field. */
function DictAutoComplete({
  code,
  ...props
}: {
  code: string;
  value?: string;
  onChange?: (v: string) => void;
  placeholder?: string;
}) {
  const options = useDictOptions(code).map((o) => ({ value: o.text || o.label }));
  return (
    <AutoComplete
      {...props}
      options={options}
      allowClear
      filterOption={(input, option) => String(option?.value ?? '').includes(input)}
    />
  );
}

/** The entry form for a new entry (no id) or an existing one. */
export function EntryForm({ id, back }: { id?: string; back: string }) {
  const entry = useQuery({
    queryKey: catalogueKeys.detail(id ?? ''),
    queryFn: () => getCatalogue(id ?? ''),
    enabled: Boolean(id),
  });
  const navigate = useNavigate();
  if (id && entry.isError) {
    return (
      <Card>
        <Result
          status="warning"
          title="无法编辑该目录"
          subTitle={entry.error.message}
          extra={<Button onClick={() => navigate(back)}>返回列表</Button>}
        />
      </Card>
    );
  }
  if (id && !entry.data) return <Card>{<Skeleton active paragraph={{ rows: 16 }} />}</Card>;
  return <EntryFormBody entry={entry.data} back={back} />;
}

function EntryFormBody({ entry, back }: { entry?: CatalogueEntry; back: string }) {
  const { message, modal } = feedback;
  const navigate = useNavigate();
  const can = useCan();
  const refresh = useCatalogueRefresh();
  const { userInfo } = useSession();
  const [form] = Form.useForm<CatalogueFormValues>();
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const initialValues = useMemo(() => (entry ? fromDetail(entry) : emptyValues()), [entry]);

  const keyAreasType = Form.useWatch('keyAreasType', form);
  const orgCode = Form.useWatch('orgCode', form) as string | undefined;
  const shareType = Form.useWatch('shareType', form);
  const openType = Form.useWatch('openType', form);
  const updateFrequency = Form.useWatch('updateFrequency', form);
  const dataFormat = Form.useWatch('dataFormat', form) as string | undefined;
  const [mounting, setMounting] = useState(false);
  const summary = Form.useWatch('informationSummary', form) as string | undefined;

  const seesAllDepartments = can(CataloguePerm.review);
  const locked = entry ? !entry.editable : false;
  const canSubmit = can(CataloguePerm.submit) && (!entry || entry.catalogStatus === 0 || entry.catalogStatus === 3);

  const showProblems = (count: number) => {
    setShowAllErrors(true);
    message.error(count > 1 ? `有 ${count} 处内容需要修改，请查看红色提示` : '有内容需要修改，请查看红色提示');
  };

  const persist = async (andSubmit: boolean) => {
    try {
      await form.validateFields();
    } catch (error) {
      const fields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      if (fields[0]) form.scrollToField(fields[0].name, { block: 'center' });
      showProblems(fields.length);
      return;
    }
    // The whole contract, as the server will check it (cross-field rules included).
    const raw = toRawInput(form.getFieldsValue(true));
    const parsed = entry
      ? CatalogueUpdateInput.safeParse({ ...raw, id: entry.id })
      : CatalogueCreateInput.safeParse(raw);
    if (!parsed.success) {
      const { fields, dataList } = fieldErrors(parsed.error.issues);
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
      if (fields[0]) form.scrollToField(fields[0].name, { block: 'center' });
      showProblems(fields.length + dataList);
      return;
    }

    setSaving(andSubmit ? 'submit' : 'draft');
    let savedId: string;
    try {
      const saved = entry
        ? await updateCatalogue(parsed.data as CatalogueUpdateInput)
        : await saveCatalogue(parsed.data as CatalogueCreateInput);
      savedId = saved.id;
    } catch (error) {
      setSaving(null);
      const field = blamedField(error);
      if (field) {
        form.setFields([{ name: field as keyof CatalogueFormValues, errors: [(error as Error).message] }]);
        form.scrollToField(field as keyof CatalogueFormValues, { block: 'center' });
      }
      message.error(isApiError(error) || error instanceof Error ? error.message : '保存失败');
      return;
    }

    if (!andSubmit) {
      setSaving(null);
      await refresh();
      message.success(entry ? '保存成功' : '已保存为草稿，可继续上传附件');
      // A new entry continues as an edit of itself, so that files can be attached.
      if (!entry) navigate(entryPath('edit', savedId), { replace: true, state: { back } });
      return;
    }

    let refusedReason: string | null = null;
    try {
      const result = await runLifecycle('submit', { ids: [savedId] });
      refusedReason = result.refused[0]?.reason ?? null;
    } catch (error) {
      refusedReason = batchResultOf(error)?.refused[0]?.reason ?? (error instanceof Error ? error.message : '提交失败');
    }
    setSaving(null);
    await refresh();
    if (refusedReason) {
      modal.error({ title: '已保存，但提交审核失败', content: refusedReason, okText: '知道了' });
      if (!entry) navigate(entryPath('edit', savedId), { replace: true, state: { back } });
      return;
    }
    message.success('已保存并提交审核');
    navigate(back);
  };

  const half = { xs: 24, md: 12 };
  const updateRule = updateFrequency ? INPUT_FREQUENCY_RULE[updateFrequency] : null;

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <div
          style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {entry ? `编辑目录：${entry.catalogName}` : '新增目录'}
            </Typography.Title>
            {entry && <StatusTags catalogStatus={entry.catalogStatus} shelfStatus={entry.shelfStatus} />}
          </Space>
          <Typography.Text type="secondary">
            {entry ? entry.catalogCode : '信息资源代码在保存时按分类自动生成'}
          </Typography.Text>
        </div>
        {locked && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            message="该目录正在审核中或已删除，当前不能编辑。"
            action={
              <Button size="small" onClick={() => entry && navigate(entryPath('view', entry.id), { state: { back } })}>
                查看
              </Button>
            }
          />
        )}
      </Card>
      <Form<CatalogueFormValues>
        form={form}
        name="catalogue-entry"
        layout="vertical"
        initialValues={initialValues}
        disabled={locked}
        scrollToFirstError
        onValuesChange={(changed: Partial<CatalogueFormValues>) => {
          // The time point means something else under another frequency.
          if ('updateFrequency' in changed) form.setFieldValue('inputFrequency', undefined);
        }}
      >
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Section title="基本信息">
            <Row gutter={24}>
              <Col {...half}>
                <Form.Item name="catalogName" label="信息资源名称" rules={[zodRule(S.catalogName)]}>
                  <Input placeholder="如：公交线路站点信息" maxLength={100} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="catalogEn" label="英文名称" rules={[zodRule(S.catalogEn)]}>
                  <Input placeholder="如：Bus Route Stops" maxLength={200} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="keyAreasType" label="重点领域分类" rules={[zodRule(S.keyAreasType)]}>
                  <DictSelect
                    code="key_areas_type"
                    placeholder="请选择重点领域分类"
                    showSearch
                    optionFilterProp="label"
                  />
                </Form.Item>
              </Col>
              <Col {...half}>
                {keyAreasType === KEY_AREA_OTHER ? (
                  <Form.Item
                    name="keyAreasRemark"
                    label="重点领域备注"
                    dependencies={['keyAreasType']}
                    rules={[contractRule('keyAreasRemark')]}
                  >
                    <Input placeholder="请说明所属领域" maxLength={200} />
                  </Form.Item>
                ) : (
                  <Form.Item name="categoryId" label="资源分类" rules={[zodRule(S.categoryId)]}>
                    <CategoryTreeSelect />
                  </Form.Item>
                )}
              </Col>
              {keyAreasType === KEY_AREA_OTHER && (
                <Col {...half}>
                  <Form.Item name="categoryId" label="资源分类" rules={[zodRule(S.categoryId)]}>
                    <CategoryTreeSelect />
                  </Form.Item>
                </Col>
              )}
              <Col {...half}>
                <Form.Item name="baseLibrary" label="基础库/专题库">
                  <DictSelect code="base_library" allowClear={false} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="dataRange" label="数据范围">
                  <DictSelect code="data_range" allowClear={false} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="informationSummary"
                  label="信息资源摘要"
                  rules={[zodRule(S.informationSummary)]}
                  extra={
                    (summary?.trim().length ?? 0) < 20
                      ? `请用 20–300 个字概括资源的内容、范围和用途（还需 ${20 - (summary?.trim().length ?? 0)} 个字）`
                      : '请用 20–300 个字概括资源的内容、范围和用途'
                  }
                >
                  <Input.TextArea
                    rows={4}
                    maxLength={300}
                    showCount={{ formatter: ({ count, maxLength }) => `${count} / ${maxLength}` }}
                    placeholder="如：滨江市公交线路及站点的名称、位置、首末班时间等信息"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          <Section title="资源提供方">
            <Row gutter={24}>
              <Col {...half}>
                {seesAllDepartments ? (
                  <Form.Item name="orgCode" label="数源单位" rules={[{ required: true, message: '请选择数源单位' }]}>
                    <DepartTreeSelect valueField="orgCode" placeholder="请选择数源单位" />
                  </Form.Item>
                ) : (
                  <Form.Item label="数源单位">
                    <Input value={entry?.departName ?? userInfo?.departName ?? ''} disabled />
                  </Form.Item>
                )}
              </Col>
              <Col {...half}>
                <Form.Item name="businessDepartment" label="业务责任科室" rules={[zodRule(S.businessDepartment)]}>
                  <DictAutoComplete code="business_department" placeholder="请选择或输入科室" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="sourceSystem" label="数源应用系统" rules={[zodRule(S.sourceSystem)]}>
                  <AppSystemSelect orgCode={orgCode} placeholder="请选择数源应用系统" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="contactPerson" label="联系人" rules={[zodRule(S.contactPerson)]}>
                  <Input maxLength={64} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="contactPhone" label="联系电话" rules={[zodRule(S.contactPhone)]}>
                  <Input placeholder="手机号或固定电话，如 0571-88886666" maxLength={20} />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          <Section title="共享开放">
            <Row gutter={24}>
              <Col {...half}>
                <Form.Item name="shareType" label="共享类型" rules={[zodRule(S.shareType)]}>
                  <DictSelect code="share_type" placeholder="请选择共享类型" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="shareMode" label="共享方式">
                  <DictSelect code="share_mode" placeholder="请选择共享方式" />
                </Form.Item>
              </Col>
              {shareType === '20' && (
                <Col span={24}>
                  <Form.Item
                    name="shareCondition"
                    label="共享条件"
                    dependencies={['shareType']}
                    rules={[contractRule('shareCondition')]}
                  >
                    <Input.TextArea rows={2} maxLength={500} showCount placeholder="如：仅限用于行政审批业务" />
                  </Form.Item>
                </Col>
              )}
              {shareType === '30' && (
                <Col span={24}>
                  <Form.Item
                    name="dontShareCondition"
                    label="不予共享依据"
                    dependencies={['shareType']}
                    rules={[contractRule('dontShareCondition')]}
                  >
                    <Input.TextArea rows={2} maxLength={500} showCount placeholder="请填写法律法规或政策依据" />
                  </Form.Item>
                </Col>
              )}
              <Col {...half}>
                <Form.Item name="openType" label="开放类型" rules={[zodRule(S.openType)]}>
                  <DictSelect code="open_type" placeholder="请选择开放类型" />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="openSociety" label="是否向社会开放" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              {openType === '2' && (
                <Col span={24}>
                  <Form.Item
                    name="openCondition"
                    label="开放条件"
                    dependencies={['openType']}
                    rules={[contractRule('openCondition')]}
                  >
                    <Input.TextArea rows={2} maxLength={500} showCount placeholder="如：申请人须为在滨江市登记的企业" />
                  </Form.Item>
                </Col>
              )}
              {openType === '2' && (
                <Col {...half}>
                  <Form.Item
                    name="applyNeedsVerified"
                    label="申请须实名认证"
                    valuePropName="checked"
                    tooltip="开启后，只有实名认证为“已认证”的用户可以提交开放申请"
                  >
                    <Switch checkedChildren="是" unCheckedChildren="否" />
                  </Form.Item>
                </Col>
              )}
            </Row>
          </Section>

          <Section title="更新与格式">
            <Row gutter={24}>
              <Col {...half}>
                <Form.Item name="updateFrequency" label="更新频率" rules={[zodRule(S.updateFrequency)]}>
                  <DictSelect code="update_frequency" placeholder="请选择更新频率" />
                </Form.Item>
              </Col>
              <Col {...half}>
                {updateRule && (
                  <Form.Item
                    name="inputFrequency"
                    label="更新时间点"
                    dependencies={['updateFrequency']}
                    rules={[contractRule('inputFrequency')]}
                  >
                    <InputFrequencyInput frequency={updateFrequency} />
                  </Form.Item>
                )}
              </Col>
              <Col {...half}>
                <Form.Item name="dataFormat" label="汇聚方式" rules={[zodRule(S.dataFormat)]}>
                  <DictSelect code="data_format" allowClear={false} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="releaseTime" label="发布日期">
                  <DatePicker style={{ width: '100%' }} placeholder="请选择发布日期" />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          <Section title="服务事项">
            <ServiceMatterFields />
          </Section>

          <Section title="信息项">
            {dataFormat === 'table' && !locked && (
              <Space wrap style={{ marginBottom: 12 }}>
                <ItemsFromTableButton
                  orgCode={orgCode ?? entry?.orgCode}
                  onItems={(items, table) => {
                    const fill = () => {
                      form.setFieldValue(
                        'dataList',
                        items.map((item) => newRow(item)),
                      );
                      message.success(`已按数据表 ${table} 生成 ${items.length} 个信息项`);
                    };
                    const current = (form.getFieldValue('dataList') ?? []) as { name?: string }[];
                    if (!current.some((row) => row.name)) fill();
                    else
                      modal.confirm({
                        title: '用数据表的字段替换现有信息项？',
                        content: `现有 ${current.length} 个信息项将被替换为该表的 ${items.length} 个字段。`,
                        okText: '替换',
                        onOk: fill,
                      });
                  }}
                />
                {entry && can(CollectionPerm.tableMount) && (
                  <Button onClick={() => setMounting(true)}>挂载数据表</Button>
                )}
                <Typography.Text type="secondary">
                  {entry
                    ? '挂载后数据按更新频率自动同步，可在 数据归集 › 库表更新 查看'
                    : '保存草稿后可挂载数据表，数据按更新频率自动同步'}
                </Typography.Text>
              </Space>
            )}
            {entry && mounting && (
              <TableMountDialog entry={entry} open onClose={() => setMounting(false)} onDone={() => undefined} />
            )}
            <Form.Item name="dataList" rules={[itemsRule]}>
              <DataItemGrid readOnly={locked} showAllErrors={showAllErrors} />
            </Form.Item>
          </Section>

          <Card title="附件" size="small">
            {entry ? (
              <Space direction="vertical" size={16} style={{ width: '100%' }}>
                <Typography.Text strong>数据文件</Typography.Text>
                <FileUploader catalogId={entry.id} kind="data" readOnly={locked} />
                <Typography.Text strong>说明文档</Typography.Text>
                <FileUploader catalogId={entry.id} kind="doc" readOnly={locked} />
              </Space>
            ) : (
              <Alert type="info" showIcon message="保存草稿后即可上传数据文件和说明文档。" />
            )}
          </Card>
        </Space>
      </Form>
      {/* Room for the fixed footer, so it never covers the last section. */}
      <div style={{ height: 64 }} />
      {/* Not portalled: the toolbar must hide with its tab. */}
      <FooterToolbar portalDom={false}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
          返回
        </Button>
        {!locked && (
          <Button
            icon={<SaveOutlined />}
            loading={saving === 'draft'}
            disabled={saving !== null}
            onClick={() => persist(false)}
          >
            {entry && entry.catalogStatus !== 0 ? '保存' : '保存草稿'}
          </Button>
        )}
        {!locked && canSubmit && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={saving === 'submit'}
            disabled={saving !== null}
            onClick={() => persist(true)}
          >
            保存并提交审核
          </Button>
        )}
      </FooterToolbar>
    </>
  );
}
