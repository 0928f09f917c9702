import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_TYPES,
  AttachmentMessages,
  MAX_ATTACHMENT_BYTES,
  OPEN_APPLY_MAX_YEARS,
  OpenApplyInput,
  OpenApplyMessages,
} from '@odp/contracts';
import { localDate } from '@odp/contracts/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  Skeleton,
  Space,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import type { MarketDetail } from '@/api/market';
import {
  type AttachmentItem,
  type AttachmentPurpose,
  getOpenApplyAgreement,
  getOpenApplyDetail,
  type OpenUseAgreement,
  openApplyKeys,
  openApplyTemplateUrl,
  submitOpenApply,
  uploadAttachment,
} from '@/api/open-apply';
import { ErrorState } from '@/components/portal/StateViews';
import { useMediaQuery } from '@/components/portal/use-media-query';
import { zodRule } from '@/components/ResourcePage/zod-rule';
import { centrePath } from '@/pages/account/personal-centre/tabs';
import { formFieldOf, toApplyInput } from './apply-form';
import './apply-drawer.css';

/** Today in the city (UTC+8), whatever the browser's zone: the server checks periods by the city's day. */
const cityToday = () => dayjs(localDate(new Date()));

type Values = {
  purpose: string;
  scenario: string;
  fields: string[];
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  securityMeasures: string;
  applicationFile: UploadFile<AttachmentItem>[];
  pledgeFile: UploadFile<AttachmentItem>[];
  agreementAccepted: boolean;
};

const shape = OpenApplyInput.shape;
const ACCEPT = ATTACHMENT_TYPES.map((type) => `.${type}`).join(',');

/** An attachment with its template: one file, uploaded as soon as it is chosen. */
function AttachmentInput({
  value,
  onChange,
  purpose,
  label,
  id,
}: {
  value?: UploadFile<AttachmentItem>[];
  onChange?: (files: UploadFile<AttachmentItem>[]) => void;
  purpose: AttachmentPurpose;
  label: string;
  id?: string;
}) {
  const upload: UploadProps<AttachmentItem>['customRequest'] = async ({ file, onSuccess, onError }) => {
    try {
      onSuccess?.(await uploadAttachment(file as File, purpose));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : '上传失败，请重试';
      onError?.(Object.assign(new Error(message), { status: error instanceof ApiError ? error.status : 0 }));
    }
  };
  return (
    <Upload<AttachmentItem>
      accept={ACCEPT}
      maxCount={1}
      fileList={value ?? []}
      customRequest={upload}
      beforeUpload={(file) => {
        if (file.size > MAX_ATTACHMENT_BYTES) {
          feedback.message.error(`${label}：${AttachmentMessages.tooLarge}`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      onChange={({ fileList }) => onChange?.(fileList)}
    >
      <Button id={id} icon={<UploadOutlined />}>
        上传{label}
      </Button>
    </Upload>
  );
}

function AgreementBox({ agreement }: { agreement: OpenUseAgreement }) {
  return (
    <section className="apply-agreement" aria-labelledby="apply-agreement-title">
      <h3 id="apply-agreement-title">
        {agreement.title}
        <small>
          版本 {agreement.version}，{agreement.effectiveDate} 起施行
        </small>
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the agreement scrolls in its box, and keyboard users must be able to scroll it (WCAG 2.1.1). */}
      <div className="apply-agreement-text" tabIndex={0}>
        {agreement.text}
      </div>
    </section>
  );
}

type FormProps = {
  detail: MarketDetail;
  agreement: OpenUseAgreement;
  initial: Partial<Values>;
  onDirty: () => void;
  formRef: (submit: () => void, busy: boolean) => void;
};

function ApplyForm({ detail, agreement, initial, onDirty, formRef }: FormProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const items = detail.dataList;
  const names = items.map((i) => i.name);
  const startDate = Form.useWatch('startDate', form);
  const chosen = Form.useWatch('fields', form) ?? [];

  const submit = useMutation({
    mutationFn: (values: Values) => submitOpenApply(toApplyInput(detail.id, agreement.version, values)),
    onSuccess: async () => {
      feedback.message.success('申请已提交，请等待数据提供部门审核');
      await queryClient.invalidateQueries({ queryKey: openApplyKeys.all });
      navigate(centrePath('applications'));
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.message : '提交失败，请稍后重试';
      setRefusal(message);
      const field = error instanceof ApiError ? formFieldOf(error.field) : undefined;
      if (field) form.setFields([{ name: field, errors: [message] }]);
    },
  });

  useEffect(() => formRef(() => form.submit(), submit.isPending), [form, formRef, submit.isPending]);
  // A refusal is said at the top of the form, which is brought into view.
  useEffect(() => {
    if (refusal) alertRef.current?.scrollIntoView({ block: 'start' });
  }, [refusal]);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ fields: [], agreementAccepted: false, ...initial }}
      onValuesChange={onDirty}
      onFinish={(values) => {
        setRefusal(null);
        submit.mutate(values);
      }}
      onFinishFailed={() => setRefusal(null)}
      scrollToFirstError={{ block: 'center' }}
      className="apply-form"
      requiredMark
    >
      <div ref={alertRef}>
        {refusal && (
          <Alert type="error" showIcon message="申请未能提交" description={refusal} className="apply-refusal" />
        )}
      </div>
      <p className="apply-intro">
        {`该数据为有条件开放，由${detail.departName || '数据提供部门'}审核（必要时再由大数据局审核），获批后可使用您的应用按授权的字段和期限调用。带 * 的为必填项。`}
      </p>
      <Form.Item name="purpose" label="申请用途" rules={[zodRule(shape.purpose)]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="说明申请该数据的用途" />
      </Form.Item>
      <Form.Item name="scenario" label="应用场景" rules={[zodRule(shape.scenario)]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="说明数据将用在什么业务或产品中、面向哪些用户" />
      </Form.Item>
      <Form.Item
        label={`申请字段（已选 ${chosen.length} / ${names.length}）`}
        required
        extra={
          items.some((i) => i.masked) ? '标注“脱敏”的字段公开展示时已脱敏，是否提供原值以审核结果为准。' : undefined
        }
      >
        <fieldset className="apply-fields-set">
          <legend className="sr-only">申请字段</legend>
          <Checkbox
            checked={names.length > 0 && chosen.length === names.length}
            indeterminate={chosen.length > 0 && chosen.length < names.length}
            onChange={(e) => {
              form.setFieldValue('fields', e.target.checked ? names : []);
              void form.validateFields(['fields']);
              onDirty();
            }}
            disabled={names.length === 0}
          >
            全选
          </Checkbox>
          <Form.Item
            name="fields"
            noStyle
            // A validator, not `required`: antd would put aria-required on the group's plain div.
            rules={[
              {
                validator: async (_r, value: string[] | undefined) => {
                  if (!value?.length) throw new Error(OpenApplyMessages.fieldsMissing);
                },
              },
            ]}
          >
            <Checkbox.Group className="apply-fields">
              {items.map((item) => (
                <Checkbox key={item.name} value={item.name}>
                  {item.name}
                  {item.masked && <span className="apply-masked">脱敏</span>}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </fieldset>
        {names.length === 0 && <p className="apply-hint">该数据目录未登记信息项，请联系数据提供部门。</p>}
      </Form.Item>
      <div className="apply-period">
        <Form.Item
          name="startDate"
          label="使用开始日期"
          rules={[
            { required: true, message: '请选择开始日期' },
            {
              validator: async (_r, value: Dayjs | null) => {
                if (value?.isBefore(cityToday(), 'day')) throw new Error(OpenApplyMessages.startPast);
              },
            },
          ]}
        >
          <DatePicker
            style={{ width: '100%' }}
            placeholder="开始日期"
            disabledDate={(d) => d.isBefore(cityToday())}
            inputReadOnly
          />
        </Form.Item>
        <Form.Item
          name="endDate"
          label="使用结束日期"
          dependencies={['startDate']}
          rules={[
            { required: true, message: '请选择结束日期' },
            ({ getFieldValue }) => ({
              validator: async (_r, value: Dayjs | null) => {
                const start = getFieldValue('startDate') as Dayjs | null;
                if (!value || !start) return;
                if (value.isBefore(start, 'day')) throw new Error(OpenApplyMessages.endBeforeStart);
                // The last day allowed is the day before the same date N years on (as the server counts).
                if (!value.isBefore(start.add(OPEN_APPLY_MAX_YEARS, 'year'), 'day'))
                  throw new Error(OpenApplyMessages.periodTooLong);
              },
            }),
          ]}
        >
          <DatePicker
            style={{ width: '100%' }}
            placeholder="结束日期"
            disabledDate={(d) =>
              d.isBefore((startDate ?? cityToday()).startOf('day')) ||
              !d.isBefore((startDate ?? cityToday()).add(OPEN_APPLY_MAX_YEARS, 'year'), 'day')
            }
            inputReadOnly
          />
        </Form.Item>
      </div>
      <Form.Item name="securityMeasures" label="安全保障措施" rules={[zodRule(shape.securityMeasures)]}>
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          placeholder="说明数据的存储、访问控制、加密、人员管理、使用范围等方面的安全措施"
        />
      </Form.Item>
      <div className="apply-files">
        <Form.Item
          name="applicationFile"
          label="有条件开放数据使用申请表"
          valuePropName="value"
          rules={[attachmentRule('申请表')]}
          extra={<TemplateLink kind="application" label="下载申请表模板" />}
        >
          <AttachmentInput purpose="openApply.application" label="申请表" />
        </Form.Item>
        <Form.Item
          name="pledgeFile"
          label="公共数据安全承诺书"
          valuePropName="value"
          rules={[attachmentRule('安全承诺书')]}
          extra={<TemplateLink kind="pledge" label="下载安全承诺书模板" />}
        >
          <AttachmentInput purpose="openApply.pledge" label="安全承诺书" />
        </Form.Item>
      </div>
      <p className="apply-hint">
        {`申请表与安全承诺书请按模板填写并签章后上传，支持 PDF、DOC、DOCX、JPG、PNG 格式，每个不超过 ${
          MAX_ATTACHMENT_BYTES / 1024 / 1024
        } MB；使用期限最长 ${OPEN_APPLY_MAX_YEARS} 年。`}
      </p>
      <AgreementBox agreement={agreement} />
      <Form.Item
        name="agreementAccepted"
        valuePropName="checked"
        rules={[
          {
            validator: async (_r, value: boolean) => {
              if (!value) throw new Error(OpenApplyMessages.agreementMissing);
            },
          },
        ]}
      >
        <Checkbox>
          我已阅读并同意《{agreement.title.replace(/^《|》$/g, '')}》（版本 {agreement.version}）
        </Checkbox>
      </Form.Item>
    </Form>
  );
}

function TemplateLink({ kind, label }: { kind: 'application' | 'pledge'; label: string }) {
  return (
    <a href={openApplyTemplateUrl(kind)} download className="apply-template">
      <DownloadOutlined /> {label}
    </a>
  );
}

/** A file must be chosen and uploaded; one that failed says why. */
function attachmentRule(label: string) {
  return {
    required: true,
    validator: async (_r: unknown, files: UploadFile<AttachmentItem>[] | undefined) => {
      const file = files?.[0];
      if (!file) throw new Error(`请上传${label}`);
      if (file.status === 'uploading') throw new Error(`${label}正在上传，请稍候`);
      if (file.status === 'error' || !file.response?.id)
        throw new Error(`${label}上传失败：${file.error?.message ?? '请重新上传'}`);
    },
  };
}

type Props = { open: boolean; detail: MarketDetail; from: string | null; onClose: () => void };

/** 申请使用: the application form of a 有条件开放 entry in a drawer (the whole screen on a phone). */
export default function ApplyDrawer({ open, detail, from, onClose }: Props) {
  const wide = useMediaQuery('(min-width: 768px)');
  const agreement = useQuery({
    queryKey: openApplyKeys.agreement,
    queryFn: getOpenApplyAgreement,
    staleTime: 10 * 60_000,
  });
  // 再次申请: the earlier application's answers, for the fields this entry still has.
  const previous = useQuery({
    queryKey: openApplyKeys.detail(from ?? ''),
    queryFn: () => getOpenApplyDetail(from ?? ''),
    enabled: Boolean(from),
  });
  const dirty = useRef(false);
  const [footer, setFooter] = useState<{ submit: () => void; busy: boolean } | null>(null);
  const formRef = useRef((submit: () => void, busy: boolean) => setFooter({ submit, busy })).current;

  const close = () => {
    if (!dirty.current) return onClose();
    feedback.modal.confirm({
      title: '放弃本次申请？',
      content: '已填写的内容和上传的文件不会保存。',
      okText: '放弃',
      okButtonProps: { danger: true },
      cancelText: '继续填写',
      onOk: onClose,
    });
  };

  const names = new Set(detail.dataList.map((i) => i.name));
  const p = previous.data;
  const initial: Partial<Values> = {
    startDate: cityToday(),
    endDate: cityToday().add(1, 'year'),
    ...(p
      ? {
          purpose: p.purpose,
          scenario: p.scenario,
          fields: p.fields.filter((f) => names.has(f)),
          securityMeasures: p.securityMeasures ?? '',
        }
      : {}),
  };

  const loading = agreement.isLoading || (Boolean(from) && previous.isLoading);
  return (
    <Drawer
      open={open}
      onClose={close}
      title={`申请使用：${detail.catalogName}`}
      width={wide ? 760 : '100%'}
      destroyOnHidden
      rootClassName="apply-drawer"
      closable={{ 'aria-label': '关闭' }}
      footer={
        <Space className="apply-footer">
          <Button onClick={close}>取消</Button>
          <Button
            type="primary"
            onClick={() => footer?.submit()}
            loading={footer?.busy}
            disabled={!footer || !agreement.data}
          >
            提交申请
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : agreement.isError || !agreement.data ? (
        <ErrorState
          message={agreement.error instanceof ApiError ? agreement.error.message : '开放利用协议加载失败，暂时无法申请'}
          onRetry={() => agreement.refetch()}
        />
      ) : (
        <ApplyForm
          detail={detail}
          agreement={agreement.data}
          initial={initial}
          onDirty={() => {
            dirty.current = true;
          }}
          formRef={formRef}
        />
      )}
    </Drawer>
  );
}
