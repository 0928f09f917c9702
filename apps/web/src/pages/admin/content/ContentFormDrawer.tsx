import { UploadOutlined } from '@ant-design/icons';
import {
  type ContentFile,
  type ContentItem,
  type ContentRelease,
  DOCUMENT_TYPES,
  FAQ_CATEGORIES,
} from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Switch,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { contentKeys, contentRoles, getContent, saveContent, uploadContentFile } from '@/api/content';
import { feedback } from '@/api/feedback';
import { blamedField, isApiError } from '@/components/ResourcePage/errors';
import { RichTextEditor } from '@/components/RichTextEditor';
import type { ContentPageConfig } from './ContentAdminPage';

type Values = {
  title: string;
  type?: string;
  body: string;
  isTop: boolean;
  sortNo: number;
  appointTime?: Dayjs | null;
  releaseScope: string[];
  remark?: string;
};

/** The fields each kind's save call takes, under the original's names. */
function toInput(config: ContentPageConfig, v: Values, files: ContentFile[], file: ContentFile | null) {
  const common = { isTop: v.isTop, appointTime: v.appointTime ? v.appointTime.toISOString() : null };
  const attachments = files.map((f) => f.id);
  if (config.kind === 'information')
    return { ...common, informationName: v.title, informationType: config.type, msgContent: v.body, attachments };
  if (config.kind === 'document')
    return {
      ...common,
      dataName: v.title,
      dataManagementType: v.type,
      fileId: file?.id,
      releaseScope: v.releaseScope,
      remark: v.remark ?? null,
    };
  return { ...common, question: v.title, answer: v.body, category: v.type, attachments, sortNo: v.sortNo };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 新增 / 修改 of a content item: 保存 keeps it 编辑中, 立即发布 (上架) publishes it, 预约发布 schedules it at
 * the chosen time. Pictures go into the text through the content upload; an attachment is uploaded and
 * a link to it is added to the text, as the original did.
 */
export function ContentFormDrawer({
  config,
  record,
  onClose,
}: {
  config: ContentPageConfig;
  record?: ContentItem;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const [files, setFiles] = useState<ContentFile[]>(record?.attachments ?? []);
  const [file, setFile] = useState<ContentFile | null>(record?.file ?? null);
  const [busy, setBusy] = useState<ContentRelease | null>(null);
  const faq = config.kind === 'faq';
  const publishedNow = record?.status === '3';

  // The list row carries everything; the form still reads the record fresh.
  const fresh = useQuery({
    queryKey: record ? contentKeys.item(config.area, record.id) : ['content', 'new'],
    queryFn: () => (record ? getContent(config.area, record.id) : Promise.resolve(null)),
    enabled: Boolean(record),
  });
  const roles = useQuery({ queryKey: contentKeys.roles, queryFn: contentRoles, enabled: config.kind === 'document' });
  const current = fresh.data ?? record;

  const initial: Values = {
    title: current?.title ?? '',
    type: current?.type ?? (config.kind === 'document' ? '1' : faq ? 'data' : config.type),
    body: current?.body ?? '',
    isTop: current?.isTop ?? false,
    sortNo: current?.sortNo ?? 0,
    appointTime: current?.appointTime ? dayjs(current.appointTime) : null,
    releaseScope: current?.releaseScope ?? [],
    remark: config.kind === 'document' ? (current?.body ?? '') : undefined,
  };

  const upload = async (purpose: 'image' | 'attachment' | 'document', f: File) => uploadContentFile(purpose, f);

  const addAttachment = async (f: File) => {
    const saved = await upload('attachment', f);
    setFiles((was) => [...was, saved]);
    const body = form.getFieldValue('body') ?? '';
    form.setFieldValue(
      'body',
      `${body}<p>附件：<a href="${saved.url}" target="_blank">${escapeHtml(saved.fileName)}</a></p>`,
    );
  };

  const submit = async (release: ContentRelease) => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (release === 'schedule' && !values.appointTime) {
      form.setFields([{ name: 'appointTime', errors: ['请选择预约发布时间'] }]);
      return;
    }
    if (config.kind === 'document' && !file) {
      feedback.message.error('请上传资料文件');
      return;
    }
    setBusy(release);
    try {
      await saveContent(config.area, { ...toInput(config, values, files, file), release }, record?.id);
      feedback.message.success(
        release === 'publish' ? (faq ? '已上架' : '发布成功') : release === 'schedule' ? '已预约发布' : '保存成功',
      );
      await client.invalidateQueries({ queryKey: contentKeys.all });
      onClose();
    } catch (e) {
      if (isApiError(e)) {
        const field = blamedField(e) === 'appointTime' ? 'appointTime' : null;
        if (field) form.setFields([{ name: field, errors: [e.message] }]);
        else feedback.message.error(e.message);
      }
    } finally {
      setBusy(null);
    }
  };

  const title = `${record ? '修改' : '新增'}${config.noun}`;
  return (
    <Drawer
      open
      title={title}
      width={880}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
          <Button onClick={onClose}>取消</Button>
          {publishedNow ? (
            <Typography.Text type="secondary">已发布的内容请先{faq ? '下架' : '撤回'}再修改</Typography.Text>
          ) : (
            <>
              <Button loading={busy === 'save'} onClick={() => submit('save')}>
                保存
              </Button>
              <Button loading={busy === 'schedule'} onClick={() => submit('schedule')}>
                {faq ? '预约上架' : '预约发布'}
              </Button>
              <Button type="primary" loading={busy === 'publish'} onClick={() => submit('publish')}>
                {faq ? '保存并上架' : '立即发布'}
              </Button>
            </>
          )}
        </Space>
      }
    >
      {record && fresh.isLoading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" initialValues={initial} disabled={publishedNow}>
          <Form.Item
            name="title"
            label={config.titleLabel}
            rules={[
              {
                required: true,
                whitespace: true,
                message: `请输入${faq ? '问题' : config.kind === 'document' ? '资料名称' : '标题'}`,
              },
              { max: 200, message: '不能超过 200 个字符' },
            ]}
          >
            <Input placeholder={`请输入${config.titleLabel}`} maxLength={200} />
          </Form.Item>
          {config.kind === 'document' && (
            <Form.Item name="type" label="资料类型" rules={[{ required: true, message: '请选择资料类型' }]}>
              <Select options={DOCUMENT_TYPES.map((t) => ({ value: t.value, label: t.text }))} />
            </Form.Item>
          )}
          {faq && (
            <Space size={16} wrap>
              <Form.Item name="type" label="问题分类" rules={[{ required: true, message: '请选择问题分类' }]}>
                <Select
                  style={{ width: 200 }}
                  options={FAQ_CATEGORIES.map((t) => ({ value: t.value, label: t.text }))}
                />
              </Form.Item>
              <Form.Item name="sortNo" label="排序（小的在前）">
                <InputNumber min={0} max={99999} precision={0} />
              </Form.Item>
            </Space>
          )}
          {config.kind === 'document' ? (
            <>
              <Form.Item label="资料文件" required extra="支持 PDF、DOC、DOCX，最大 20 MB；PDF 可在门户在线预览">
                <Space wrap>
                  <Upload
                    accept=".pdf,.doc,.docx"
                    showUploadList={false}
                    customRequest={async ({ file: f, onSuccess, onError }) => {
                      try {
                        const saved = await upload('document', f as File);
                        setFile(saved);
                        onSuccess?.(saved);
                      } catch (e) {
                        onError?.(e as Error);
                      }
                    }}
                  >
                    <Button icon={<UploadOutlined />}>{file ? '重新上传' : '上传文件'}</Button>
                  </Upload>
                  {file && <Typography.Text>{file.fileName}</Typography.Text>}
                </Space>
              </Form.Item>
              <Form.Item name="releaseScope" label="发布范围" extra="不选即向所有人（含未登录访客）发布">
                <Checkbox.Group options={(roles.data ?? []).map((r) => ({ value: r.roleCode, label: r.roleName }))} />
              </Form.Item>
              <Form.Item name="remark" label="说明" rules={[{ max: 500, message: '不能超过 500 个字符' }]}>
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item
                name="body"
                label={faq ? '答案' : '正文内容'}
                rules={[
                  {
                    validator: (_r, v: string) =>
                      v && (v.replace(/<[^>]*>/g, '').trim() || /<img\s/i.test(v))
                        ? Promise.resolve()
                        : Promise.reject(new Error(faq ? '请输入答案' : '请输入正文内容')),
                  },
                ]}
              >
                <RichTextEditor
                  height={280}
                  aria-label={faq ? '答案' : '正文内容'}
                  onUploadImage={async (f) => (await upload('image', f)).url}
                />
              </Form.Item>
              <Form.Item label="附件上传" extra="支持图片、WORD、PDF，上传后在正文末尾插入附件链接">
                <Space direction="vertical">
                  <Upload
                    accept=".pdf,.doc,.docx,.jpg,.jpeg,.png"
                    showUploadList={false}
                    customRequest={async ({ file: f, onSuccess, onError }) => {
                      try {
                        await addAttachment(f as File);
                        onSuccess?.(null);
                      } catch (e) {
                        onError?.(e as Error);
                      }
                    }}
                  >
                    <Button icon={<UploadOutlined />}>上传附件</Button>
                  </Upload>
                  {files.map((f) => (
                    <Space key={f.id}>
                      <Typography.Link href={f.url} target="_blank">
                        {f.fileName}
                      </Typography.Link>
                      <Typography.Link
                        type="danger"
                        onClick={() => setFiles((was) => was.filter((x) => x.id !== f.id))}
                      >
                        移除
                      </Typography.Link>
                    </Space>
                  ))}
                </Space>
              </Form.Item>
            </>
          )}
          <Space size={32} wrap>
            {!faq && (
              <Form.Item name="isTop" label="是否置顶" valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            )}
            <Form.Item name="appointTime" label={faq ? '预约上架时间' : '预约发布时间'}>
              <DatePicker
                showTime
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                placeholder="选择“预约发布”时填写"
              />
            </Form.Item>
          </Space>
        </Form>
      )}
    </Drawer>
  );
}
