import { UploadOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_TYPES,
  type AttachmentItem,
  AttachmentMessages,
  type InteractionKind,
  INTERACTION_LIMITS as L,
  MAX_ATTACHMENT_BYTES,
  PROTECTION_TYPES,
  REQUEST_FORMATS,
  RIGHTS_PROTECTION_NOTICE,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Select, Table, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { interactionKeys, type PickedEntry, pickEntries, type SubmitForm, submitTicket } from '@/api/interaction';
import { uploadAttachment } from '@/api/open-apply';
import { useDictOptions } from '@/components/DictSelect';
import { usePortalTrees } from '@/components/portal/CategoryTree';

const ACCEPT = ATTACHMENT_TYPES.map((type) => `.${type}`).join(',');

type Values = {
  title?: string;
  consultType?: string;
  content?: string;
  dataFormat?: 'API' | 'Excel';
  orgCode?: string;
  protectionType?: '1' | '2';
  entry?: { id: string; catalogName: string };
  files?: UploadFile<AttachmentItem>[];
  isPublic?: boolean;
};

const CONTENT_LABEL: Record<InteractionKind, string> = {
  consult: '反馈内容',
  dataApplication: '数据用途',
  dataCorrection: '纠错内容',
  rightsProtection: '权益说明',
};

function toRequest(kind: InteractionKind, v: Values): SubmitForm {
  const attachmentIds = (v.files ?? []).map((f) => f.response?.id).filter((id): id is string => Boolean(id));
  const isPublic = v.isPublic ?? true;
  switch (kind) {
    case 'consult':
      return {
        kind,
        body: { consultTitle: v.title, consultType: v.consultType, consultContent: v.content, attachmentIds, isPublic },
      };
    case 'dataApplication':
      return {
        kind,
        body: {
          applicationTitle: v.title,
          applicationReason: v.content,
          dataFormat: v.dataFormat,
          orgCode: v.orgCode ?? null,
          isPublic,
        },
      };
    case 'dataCorrection':
      return { kind, body: { catalogId: v.entry?.id, correctionContent: v.content, attachmentIds, isPublic } };
    case 'rightsProtection':
      return {
        kind,
        body: {
          catalogId: v.entry?.id,
          protectionType: v.protectionType,
          protectionContent: v.content,
          attachmentIds,
          isPublic,
        },
      };
  }
}

/** Which form field a refusal of the server is about. */
const FIELD_OF: Record<string, keyof Values> = {
  consultTitle: 'title',
  applicationTitle: 'title',
  consultType: 'consultType',
  consultContent: 'content',
  applicationReason: 'content',
  correctionContent: 'content',
  protectionContent: 'content',
  dataFormat: 'dataFormat',
  orgCode: 'orgCode',
  catalogId: 'entry',
  protectionType: 'protectionType',
  attachmentIds: 'files',
};

/**
 * The submit form of one kind, with the original's fields and rules: 问题反馈 (title, type, content of
 * 20–300 characters), 数据需求 (title, purpose, API/Excel, department if known), 数据纠错 and 权益保护
 * (a public dataset, the text, attachments). A dataset given in the address (from its detail page) is
 * chosen already.
 */
export default function TicketForm({ kind, onDone }: { kind: InteractionKind; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const consultTypes = useDictOptions('consult_type');
  const { orgNames } = usePortalTrees();
  const fromAddress = params.get('catalogId');
  const [picking, setPicking] = useState(false);
  const initial: Values = {
    isPublic: true,
    dataFormat: 'API',
    protectionType: (params.get('protectionType') as '1' | '2' | null) ?? undefined,
    entry: fromAddress ? { id: fromAddress, catalogName: params.get('catalogName') ?? '所选数据资源' } : undefined,
  };
  const save = useMutation({
    mutationFn: (v: Values) => submitTicket(toRequest(kind, v)),
    onSuccess: () => {
      feedback.message.success('提交成功!');
      client.invalidateQueries({ queryKey: interactionKeys.all });
      form.resetFields();
      onDone();
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.message.replace(/（字段 \w+）$/, '') : '提交失败!';
      const field = error instanceof ApiError && error.field ? FIELD_OF[error.field] : undefined;
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else feedback.message.error(message);
    },
  });
  const entry = Form.useWatch('entry', form) ?? initial.entry;
  const needsEntry = kind === 'dataCorrection' || kind === 'rightsProtection';
  const content = CONTENT_LABEL[kind];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="ia-form"
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
      scrollToFirstError
    >
      {kind === 'rightsProtection' && (
        <Alert type="info" showIcon className="ia-notice" message={RIGHTS_PROTECTION_NOTICE} />
      )}
      {(kind === 'consult' || kind === 'dataApplication') && (
        <Form.Item
          name="title"
          label={kind === 'consult' ? '反馈标题' : '需求标题'}
          rules={[
            { required: true, whitespace: true, message: `请输入${kind === 'consult' ? '反馈标题' : '需求标题'}` },
            { max: L.title, message: `标题不能超过 ${L.title} 个字符` },
          ]}
        >
          <Input maxLength={L.title} placeholder="请用一句话概括" />
        </Form.Item>
      )}
      {kind === 'consult' && (
        <Form.Item name="consultType" label="反馈类型" rules={[{ required: true, message: '请选择反馈类型' }]}>
          <Select placeholder="请选择" options={consultTypes.map((o) => ({ value: o.value, label: o.text }))} />
        </Form.Item>
      )}
      {needsEntry && (
        <Form.Item
          name="entry"
          label="数据资源"
          rules={[{ required: true, message: '请选择数据资源' }]}
          extra={kind === 'dataCorrection' ? '也可在数据详情页点击“数据纠错”直接提交' : undefined}
        >
          <EntryField onPick={() => setPicking(true)} value={entry} />
        </Form.Item>
      )}
      {kind === 'rightsProtection' && (
        <Form.Item name="protectionType" label="保护方式" rules={[{ required: true, message: '请选择保护方式' }]}>
          <Radio.Group options={PROTECTION_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={content}
        rules={[
          {
            required: true,
            whitespace: true,
            message: kind === 'dataCorrection' ? '纠错内容不能为空' : `请输入${content}`,
          },
          ...(kind === 'consult' ? [{ min: L.consultMin, message: `${content}请输入${L.consultMin}字以上` }] : []),
          { max: L.content, message: `${content}不能超过 ${L.content} 个字` },
        ]}
      >
        <Input.TextArea
          rows={5}
          maxLength={L.content}
          showCount
          placeholder={kind === 'consult' ? '20字以上' : `请输入${content}`}
        />
      </Form.Item>
      {kind === 'dataApplication' && (
        <>
          <Form.Item name="dataFormat" label="期望数据格式" rules={[{ required: true, message: '请选择期望数据格式' }]}>
            <Radio.Group options={REQUEST_FORMATS.map((f) => ({ value: f.value, label: f.label }))} />
          </Form.Item>
          <Form.Item name="orgCode" label="数据所属部门（如知道）">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="不清楚可不选，由大数据局分派"
              options={Object.entries(orgNames).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        </>
      )}
      {kind !== 'dataApplication' && (
        <Form.Item
          name="files"
          label={kind === 'rightsProtection' ? '证据材料' : '附件'}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile<AttachmentItem>[] }) => e.fileList}
          extra={`PDF、DOC、DOCX、JPG、PNG，单个不超过 10 MB，最多 ${L.attachments} 个`}
        >
          <Upload<AttachmentItem>
            accept={ACCEPT}
            maxCount={L.attachments}
            multiple
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                onSuccess?.(await uploadAttachment(file as File, 'interaction.evidence'));
              } catch (error) {
                onError?.(new Error(error instanceof ApiError ? error.message : '上传失败，请重试'));
              }
            }}
            beforeUpload={(file) => {
              if (file.size > MAX_ATTACHMENT_BYTES) {
                feedback.message.error(AttachmentMessages.tooLarge);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
          >
            <Button icon={<UploadOutlined />}>上传附件</Button>
          </Upload>
        </Form.Item>
      )}
      <Form.Item name="isPublic" valuePropName="checked">
        <Checkbox>答复后公开（公开时不显示您的姓名等个人信息）</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        提交
      </Button>
      {picking && (
        <EntryPicker
          onClose={() => setPicking(false)}
          onPick={(e) => {
            form.setFieldsValue({ entry: { id: e.id, catalogName: e.catalogName } });
            form.validateFields(['entry']);
            setPicking(false);
          }}
        />
      )}
    </Form>
  );
}

function EntryField({ value, onPick }: { value?: { id: string; catalogName: string }; onPick: () => void }) {
  return (
    <div className="ia-entry">
      <span className={value ? 'ia-entry-name' : 'ia-entry-empty'}>{value?.catalogName ?? '未选择'}</span>
      <Button onClick={onPick}>{value ? '重新选择' : '选择数据资源'}</Button>
    </div>
  );
}

/** "请选择数据资源": public datasets by name (the original's `queryBAWO`). */
function EntryPicker({ onClose, onPick }: { onClose: () => void; onPick: (e: PickedEntry) => void }) {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['interaction', 'pick', name, page],
    queryFn: () => pickEntries(name, page),
  });
  return (
    <Modal open title="请选择数据资源" onCancel={onClose} footer={null} width="min(720px, 100vw)">
      <Input.Search
        placeholder="目录名称"
        allowClear
        aria-label="目录名称"
        onSearch={(v) => {
          setName(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<PickedEntry>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: '暂无数据资源' }}
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 8, onChange: setPage, simple: true }}
        onRow={(r) => ({ onClick: () => onPick(r), style: { cursor: 'pointer' } })}
        columns={[
          { title: '目录名称', dataIndex: 'catalogName' },
          { title: '数源单位', dataIndex: 'sourceUnit', width: 160 },
          {
            title: '',
            key: 'op',
            width: 70,
            render: (_v, r) => (
              <Button size="small" type="link" onClick={() => onPick(r)}>
                选择
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
