import { UploadOutlined } from '@ant-design/icons';
import {
  type AttachmentItem,
  AttachmentMessages,
  MAX_ATTACHMENT_BYTES,
  type ShareApplyInput,
  type ShareItemView,
  ShareMessages,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  Row,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import {
  getApplyDefaults,
  getShareDetail,
  saveShareApply,
  shareKeys,
  submitShareApply,
  uploadApplyForm,
} from '@/api/share';
import { AppSystemSelect } from '@/components/AppSystemSelect';
import { DictSelect } from '@/components/DictSelect';
import { blamedField, isApiError } from '@/components/ResourcePage/errors';
import { AgreementModal } from './AgreementModal';
import { ApplyItemsTable } from './ApplyItemsTable';
import { AGREEMENTS, type Agreement } from './agreements';
import { drawerWidth } from './layout';
import { type ItemSelection, initialSelection, periodProblem, selectionProblem, toApplyItems } from './share-items';

/** A new application for an entry, or an existing draft or rejected one to edit and resubmit. */
export type ApplyTarget = { catalogId: string; applyId?: undefined } | { applyId: string; catalogId?: undefined };

type Values = {
  title: string;
  useAppSystem?: string | null;
  keyAreasType?: string | null;
  applyRemark: string;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  ifForever: boolean;
  agreementsAccepted: boolean;
};

type Loaded = {
  catalogId: string;
  catalogName: string;
  applyDeptName: string | null;
  items: ShareItemView[];
  values: Values;
  file: AttachmentItem | null;
  applyId?: string;
  /** Why the application came back, when it was rejected. */
  rejection?: { node: string; comment: string | null } | null;
};

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);
const iso = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

/** Reads what the form starts with: the entry's defaults, or the application being edited. */
async function load(target: ApplyTarget): Promise<Loaded> {
  if (target.applyId !== undefined) {
    const detail = await getShareDetail(target.applyId);
    const rejected = detail.flow.findLast((step) => /驳回/.test(step.decision ?? ''));
    return {
      applyId: detail.applyId,
      rejection: rejected ? { node: rejected.node, comment: rejected.comment } : null,
      catalogId: detail.catalogId,
      catalogName: detail.catalogName,
      applyDeptName: detail.applyDeptName,
      items: detail.items,
      file: detail.applyFileId ? { id: detail.applyFileId, fileName: detail.applyFileName ?? '申请表', size: 0 } : null,
      values: {
        title: detail.title,
        useAppSystem: detail.useAppSystem,
        keyAreasType: detail.keyAreasType,
        applyRemark: detail.applyRemark,
        startTime: day(detail.startTime),
        endTime: day(detail.endTime),
        ifForever: detail.ifForever,
        agreementsAccepted: false,
      },
    };
  }
  const defaults = await getApplyDefaults(target.catalogId);
  return {
    catalogId: defaults.catalogId,
    catalogName: defaults.catalogName,
    applyDeptName: defaults.applyDeptName,
    items: defaults.items,
    file: null,
    values: {
      title: defaults.title,
      keyAreasType: defaults.keyAreasType,
      applyRemark: '',
      ifForever: false,
      agreementsAccepted: false,
    },
  };
}

/** The form's fields the server may blame, by the name it uses. */
const FORM_FIELDS = new Set(['title', 'useAppSystem', 'keyAreasType', 'applyRemark', 'startTime', 'endTime']);

type Props = {
  target: ApplyTarget | null;
  onClose: () => void;
  /** After a submission went through (a list to refresh). */
  onDone?: () => void;
};

/**
 * 申请共享: the application for another department's entry. Defaults come from the entry; items are
 * ticked per their 共享属性; both agreements are read and accepted; 保存草稿 keeps it, 提交申请 sends it
 * to the source department. A rejected application opens here again to be edited and resubmitted.
 */
export function ShareApplyDrawer({ target, onClose, onDone }: Props) {
  const key = target ? (target.applyId ?? `new:${target.catalogId}`) : 'none';
  const loaded = useQuery({
    queryKey: ['shareForm', key],
    queryFn: () => load(target as ApplyTarget),
    enabled: target !== null,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const editing = Boolean(target?.applyId);
  return (
    <Drawer
      open={target !== null}
      width={drawerWidth(980)}
      title={editing ? '编辑共享申请' : '申请共享'}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {loaded.isLoading && <Skeleton active paragraph={{ rows: 12 }} />}
      {loaded.isError && (
        <Alert
          type="error"
          showIcon
          message="申请表加载失败"
          description={(loaded.error as Error).message}
          action={<Button onClick={() => loaded.refetch()}>重试</Button>}
        />
      )}
      {loaded.data && <ApplyForm key={key} loaded={loaded.data} onClose={onClose} onDone={onDone} />}
    </Drawer>
  );
}

function ApplyForm({ loaded, onClose, onDone }: { loaded: Loaded; onClose: () => void; onDone?: () => void }) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const forever = Form.useWatch('ifForever', form);
  const [applyId, setApplyId] = useState(loaded.applyId);
  const [selection, setSelection] = useState<ItemSelection>(() => initialSelection(loaded.items));
  const [file, setFile] = useState<AttachmentItem | null>(loaded.file);
  const [uploading, setUploading] = useState(false);
  const [reading, setReading] = useState<Agreement | null>(null);
  // Problems are shown once the user has tried to submit, then follow the edits.
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const itemsError = tried ? selectionProblem(loaded.items, selection) : null;
  const shareable = useMemo(() => loaded.items.some((item) => item.shareProperty !== '30'), [loaded.items]);

  useEffect(() => {
    if (forever)
      form.setFields([
        { name: 'startTime', errors: [] },
        { name: 'endTime', errors: [] },
      ]);
  }, [forever, form]);

  const toInput = (values: Values): ShareApplyInput => ({
    applyId,
    catalogId: loaded.catalogId,
    title: values.title,
    useAppSystem: values.useAppSystem ?? null,
    keyAreasType: values.keyAreasType ?? undefined,
    applyRemark: values.applyRemark,
    applyFileId: file?.id ?? null,
    startTime: values.ifForever ? null : iso(values.startTime),
    endTime: values.ifForever ? null : iso(values.endTime),
    ifForever: values.ifForever ? '1' : '0',
    items: toApplyItems(loaded.items, selection),
    agreementsAccepted: values.agreementsAccepted,
  });

  /** A 400 goes next to the field it blames, and always on top of the form. */
  const showRefusal = (error: unknown) => {
    if (!isApiError(error)) {
      setServerError('操作失败，请稍后再试');
      return;
    }
    setServerError(error.message);
    const field = blamedField(error);
    if (field && FORM_FIELDS.has(field)) form.setFields([{ name: field as keyof Values, errors: [error.message] }]);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: shareKeys.all });

  const save = useMutation({
    mutationFn: (input: ShareApplyInput) => saveShareApply(input),
    onMutate: () => setServerError(null),
    onSuccess: async (result) => {
      setApplyId(result.applyId);
      message.success('草稿已保存');
      await refresh();
    },
    onError: showRefusal,
  });

  const submit = useMutation({
    mutationFn: (input: ShareApplyInput) => submitShareApply(input),
    onMutate: () => setServerError(null),
    onSuccess: async () => {
      message.success('申请已提交，等待数源部门审核');
      await refresh();
      onDone?.();
      onClose();
    },
    onError: showRefusal,
  });

  const onSaveDraft = async () => {
    try {
      await form.validateFields(['title', 'applyRemark']);
    } catch {
      return;
    }
    save.mutate(toInput(form.getFieldsValue(true) as Values));
  };

  const onSubmit = async () => {
    setTried(true);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const period = periodProblem({ forever: values.ifForever, start: iso(values.startTime), end: iso(values.endTime) });
    if (period) {
      form.setFields([{ name: values.startTime ? 'endTime' : 'startTime', errors: [period] }]);
      return;
    }
    if (selectionProblem(loaded.items, selection)) return;
    submit.mutate(toInput(values));
  };

  const busy = save.isPending || submit.isPending;

  return (
    <>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={loaded.values}
        disabled={busy}
        onValuesChange={() => serverError && setServerError(null)}
      >
        {serverError && (
          <Alert
            type="error"
            showIcon
            message={serverError}
            closable
            onClose={() => setServerError(null)}
            style={{ marginBottom: 16 }}
          />
        )}
        {!shareable && (
          <Alert type="warning" showIcon message={ShareMessages.notShareable} style={{ marginBottom: 16 }} />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="数据目录">
              <Input value={loaded.catalogName} readOnly disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="申请部门">
              <Input value={loaded.applyDeptName ?? '-'} readOnly disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="title"
              label="申请标题"
              rules={[
                { required: true, whitespace: true, message: '请输入申请标题' },
                { max: 100, message: '申请标题不能超过 100 个字符' },
              ]}
            >
              <Input placeholder="请输入申请标题" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="useAppSystem" label="使用应用系统">
              <AppSystemSelect storedBy="id" placeholder="请选择本部门的应用系统" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="keyAreasType" label="主题分类">
              <DictSelect code="key_areas_type" placeholder="请选择主题分类" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="资源服务申请表" extra="支持 PDF、DOC、DOCX、JPG、PNG，不超过 10 MB">
              <ApplyFileUpload file={file} uploading={uploading} setUploading={setUploading} onChange={setFile} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="applyRemark"
              label="申请说明"
              rules={[
                { required: true, whitespace: true, message: '请输入申请说明' },
                { max: 500, message: '申请说明不能超过 500 个字符' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount placeholder="请说明数据的用途、使用场景与依据" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item
              name="startTime"
              label="开始时间"
              dependencies={['ifForever']}
              rules={[{ required: !forever, message: '请选择开始时间' }]}
            >
              <DatePicker style={{ width: '100%' }} disabled={forever || busy} placeholder="开始日期" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item
              name="endTime"
              label="结束时间"
              dependencies={['ifForever', 'startTime']}
              rules={[
                { required: !forever, message: '请选择结束时间' },
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null) => {
                    const start = getFieldValue('startTime') as Dayjs | null;
                    if (forever || !value || !start || value.isAfter(start, 'day')) return Promise.resolve();
                    return Promise.reject(new Error(ShareMessages.periodOrder));
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} disabled={forever || busy} placeholder="结束日期" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item name="ifForever" label="使用期限" valuePropName="checked">
              <Checkbox>永久申请</Checkbox>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="申请的信息项" required>
              <ApplyItemsTable
                items={loaded.items}
                value={selection}
                onChange={setSelection}
                error={itemsError}
                disabled={busy}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="agreementsAccepted"
              valuePropName="checked"
              rules={[
                {
                  validator: (_rule, value: boolean) =>
                    value ? Promise.resolve() : Promise.reject(new Error(ShareMessages.agreementsMissing)),
                },
              ]}
            >
              <Checkbox>
                我已阅读并同意
                {AGREEMENTS.map((agreement, i) => (
                  <span key={agreement.key}>
                    {i > 0 && '和'}
                    <Typography.Link
                      onClick={(event) => {
                        // Reading is not accepting: the link must not tick the box.
                        event.preventDefault();
                        event.stopPropagation();
                        setReading(agreement);
                      }}
                    >
                      《{agreement.title}》
                    </Typography.Link>
                  </span>
                ))}
              </Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Space
          wrap
          style={{
            width: '100%',
            justifyContent: 'flex-end',
            position: 'sticky',
            bottom: -24,
            padding: '12px 0 16px',
            background: '#fff',
            borderTop: '1px solid #f0f0f0',
            zIndex: 2,
          }}
        >
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={onSaveDraft} loading={save.isPending} disabled={busy || uploading}>
            保存草稿
          </Button>
          <Button
            type="primary"
            onClick={onSubmit}
            loading={submit.isPending}
            disabled={busy || uploading || !shareable}
          >
            提交申请
          </Button>
        </Space>
      </Form>
      <AgreementModal agreement={reading} onClose={() => setReading(null)} />
    </>
  );
}

function ApplyFileUpload({
  file,
  uploading,
  setUploading,
  onChange,
}: {
  file: AttachmentItem | null;
  uploading: boolean;
  setUploading: (value: boolean) => void;
  onChange: (file: AttachmentItem | null) => void;
}) {
  return (
    <Upload
      accept=".pdf,.doc,.docx,.jpg,.jpeg,.png"
      maxCount={1}
      fileList={
        file
          ? [{ uid: file.id, name: file.fileName, status: 'done' }]
          : uploading
            ? [{ uid: 'up', name: '上传中…', status: 'uploading' }]
            : []
      }
      onRemove={() => onChange(null)}
      beforeUpload={(raw) => {
        if (raw.size > MAX_ATTACHMENT_BYTES) {
          feedback.message.error(AttachmentMessages.tooLarge);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file: raw, onSuccess, onError }) => {
        setUploading(true);
        try {
          const saved = await uploadApplyForm(raw as File);
          onChange(saved);
          onSuccess?.(saved);
          feedback.message.success('申请表已上传');
        } catch (error) {
          // The request client has shown the server's reason.
          onError?.(error as Error);
        } finally {
          setUploading(false);
        }
      }}
    >
      {!file && (
        <Button icon={<UploadOutlined />} loading={uploading}>
          上传申请表
        </Button>
      )}
    </Upload>
  );
}
