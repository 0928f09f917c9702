import { UploadOutlined } from '@ant-design/icons';
import {
  type AttachmentItem,
  ContentPerm,
  FAQ_CATEGORIES,
  INTERACTION_KIND_LABEL,
  INTERACTION_STATUS_LABEL,
  type InteractionDetail,
  type InteractionKind,
  InteractionPerm,
  PROTECTION_TYPE_LABEL,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  TreeSelect,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useState } from 'react';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import {
  downloadTicketFile,
  getTicket,
  interactionKeys,
  replyTicket,
  startOffShelf,
  ticketToFaq,
  transferTickets,
  transitionTickets,
} from '@/api/interaction';
import { uploadAttachment } from '@/api/open-apply';
import { queryDepartTree } from '@/api/system/depart';
import { useDictOptions } from '@/components/DictSelect';
import { useCan } from '@/components/ResourcePage';
import { RichTextEditor } from '@/components/RichTextEditor';
import { cityTime } from './time';

export const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'processing', 2: 'success', 3: 'default' };
const time = cityTime;

type Dialog = 'return' | 'close' | 'transfer' | 'offShelf' | 'faq' | null;

/**
 * One ticket for its department and the bureau: what was asked (with the submitter's name, which never
 * leaves the back office), its deadline, the reply form, 受理, 退回, 关闭, 转办 (bureau) and, for a 权益保护
 * request asking 下架, 发起下架 through the catalogue's own off-shelf review.
 */
export function TicketDrawer({ kind, id, onClose }: { kind: InteractionKind; id: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: interactionKeys.detail(id ?? ''),
    queryFn: () => getTicket(kind, id ?? ''),
    enabled: Boolean(id),
  });
  const t = detail.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      width="min(760px, 100vw)"
      title={t ? `${INTERACTION_KIND_LABEL[t.kind]}：${t.title}` : INTERACTION_KIND_LABEL[kind]}
      destroyOnHidden
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {detail.isError && <Alert type="error" message="加载失败，请重试" />}
      {t && <TicketView ticket={t} onGone={onClose} />}
    </Drawer>
  );
}

function TicketView({ ticket: t, onGone }: { ticket: InteractionDetail; onGone: () => void }) {
  const can = useCan();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const consultTypes = useDictOptions('consult_type');
  const open = t.status === 0 || t.status === 1;
  const refresh = () => client.invalidateQueries({ queryKey: interactionKeys.all });
  const accept = useMutation({
    mutationFn: () => transitionTickets('accept', [t.id]),
    onSuccess: () => {
      feedback.message.success('已受理');
      refresh();
    },
  });
  const handles = can(InteractionPerm.handle);
  return (
    <>
      {t.overdue && (
        <Alert type="error" showIcon message={`已超过答复时限（${time(t.dueAt)}）`} style={{ marginBottom: 12 }} />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { whiteSpace: 'nowrap', width: 110 } }}
        items={[
          {
            key: 'status',
            label: '状态',
            children: (
              <Space wrap>
                <Tag color={STATUS_COLOR[t.status]}>{INTERACTION_STATUS_LABEL[String(t.status)]}</Tag>
                {!t.isPublic && <Tag>提交人要求不公开</Tag>}
                {t.reopened && <Tag color="purple">已重新打开过</Tag>}
              </Space>
            ),
          },
          { key: 'submitter', label: '提交人', children: t.submitterName },
          { key: 'time', label: '提交时间', children: time(t.submittedAt) },
          { key: 'dept', label: '承办部门', children: t.departName ?? '大数据局受理台' },
          ...(t.requestedDepartName ? [{ key: 'req', label: '指定部门', children: t.requestedDepartName }] : []),
          { key: 'due', label: '答复时限', children: time(t.dueAt) },
          ...(t.catalogName ? [{ key: 'cat', label: '数据资源', children: t.catalogName }] : []),
          ...(t.consultType
            ? [
                {
                  key: 'type',
                  label: '反馈类型',
                  children: consultTypes.find((o) => o.value === t.consultType)?.text ?? t.consultType,
                },
              ]
            : []),
          ...(t.dataFormat ? [{ key: 'fmt', label: '期望数据格式', children: t.dataFormat }] : []),
          ...(t.protectionType
            ? [{ key: 'pt', label: '保护方式', children: PROTECTION_TYPE_LABEL[t.protectionType] }]
            : []),
          {
            key: 'content',
            label: '内容',
            children: <div style={{ whiteSpace: 'pre-wrap' }}>{t.content}</div>,
          },
          ...(t.files.length
            ? [
                {
                  key: 'files',
                  label: t.kind === 'rightsProtection' ? '证据材料' : '附件',
                  children: <Files files={t.files} />,
                },
              ]
            : []),
          ...(t.offShelfAt
            ? [{ key: 'off', label: '下架申请', children: `已于 ${time(t.offShelfAt)} 发起目录下架审核` }]
            : []),
          ...(t.closeReason ? [{ key: 'close', label: '关闭理由', children: t.closeReason }] : []),
          ...(t.score !== null ? [{ key: 'score', label: '满意度', children: `${t.score} 分` }] : []),
        ]}
      />
      {t.reply && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            答复（{t.replyDepartName}，{time(t.repliedAt)}）
          </Typography.Title>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on save */}
          <div className="ia-admin-reply" dangerouslySetInnerHTML={{ __html: t.reply }} />
          {t.replyFiles.length > 0 && <Files files={t.replyFiles} />}
        </>
      )}
      {open && handles && (
        <>
          <Space wrap style={{ marginTop: 16 }}>
            {t.status === 0 && (
              <Button loading={accept.isPending} onClick={() => accept.mutate()}>
                受理
              </Button>
            )}
            {t.orgCode && <Button onClick={() => setDialog('return')}>退回</Button>}
            {can(InteractionPerm.assign) && <Button onClick={() => setDialog('transfer')}>转办</Button>}
            <Button danger onClick={() => setDialog('close')}>
              关闭
            </Button>
          </Space>
          <ReplyForm id={t.id} onDone={refresh} />
        </>
      )}
      {handles && t.kind === 'rightsProtection' && t.protectionType === '1' && !t.offShelfAt && t.status !== 3 && (
        <Button style={{ marginTop: 16 }} danger onClick={() => setDialog('offShelf')}>
          发起目录下架
        </Button>
      )}
      {can(ContentPerm.edit) && (t.status === 2 || t.status === 3) && t.reply && (
        <Button style={{ marginTop: 16, marginInlineStart: 8 }} onClick={() => setDialog('faq')}>
          转为常见问题
        </Button>
      )}
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        办理记录
      </Typography.Title>
      <Timeline
        items={t.history.map((h) => ({
          children: (
            <>
              <strong>{h.label}</strong> · {h.operator}
              {h.departName ? `（${h.departName}）` : ''} · {time(h.time)}
              {h.comment && <div>意见：{h.comment}</div>}
            </>
          ),
        }))}
      />
      {dialog && (
        <ActionDialog
          ticket={t}
          dialog={dialog}
          onClose={() => setDialog(null)}
          onDone={(gone) => {
            setDialog(null);
            refresh();
            if (gone) onGone();
          }}
        />
      )}
    </>
  );
}

function Files({ files }: { files: AttachmentItem[] }) {
  return (
    <Space wrap>
      {files.map((f) => (
        <Typography.Link key={f.id} onClick={() => downloadTicketFile(f)}>
          {f.fileName}
        </Typography.Link>
      ))}
    </Space>
  );
}

/** 回复: rich text and attachments, signed by the replier's department. */
function ReplyForm({ id, onDone }: { id: string; onDone: () => void }) {
  const [html, setHtml] = useState('');
  const [files, setFiles] = useState<UploadFile<AttachmentItem>[]>([]);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      replyTicket(
        id,
        html,
        files.map((f) => f.response?.id).filter((x): x is string => Boolean(x)),
      ),
    onSuccess: () => {
      feedback.message.success('回复成功，已通知提交人');
      setHtml('');
      setFiles([]);
      onDone();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : '回复失败'),
  });
  return (
    <div style={{ marginTop: 16 }}>
      <Typography.Title level={5}>答复</Typography.Title>
      <RichTextEditor value={html} onChange={setHtml} height={180} placeholder="请输入答复内容" aria-label="答复内容" />
      {error && <Alert type="error" message={error} style={{ marginTop: 8 }} />}
      <Space wrap style={{ marginTop: 8 }}>
        <Upload<AttachmentItem>
          multiple
          maxCount={5}
          fileList={files}
          onChange={({ fileList }) => setFiles(fileList)}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              onSuccess?.(await uploadAttachment(file as File, 'interaction.reply'));
            } catch (e) {
              onError?.(new Error(e instanceof ApiError ? e.message : '上传失败'));
            }
          }}
        >
          <Button icon={<UploadOutlined />}>回复附件</Button>
        </Upload>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => {
            if (!html.replace(/<[^>]*>/g, '').trim()) {
              setError('请输入回复内容');
              return;
            }
            setError(null);
            save.mutate();
          }}
        >
          提交答复
        </Button>
      </Space>
    </div>
  );
}

const DIALOG_TITLE: Record<Exclude<Dialog, null>, string> = {
  return: '退回大数据局受理台',
  close: '关闭事项（不予答复）',
  transfer: '转办',
  offShelf: '发起目录下架',
  faq: '转为常见问题',
};

function ActionDialog({
  ticket,
  dialog,
  onClose,
  onDone,
}: {
  ticket: InteractionDetail;
  dialog: Exclude<Dialog, null>;
  onClose: () => void;
  onDone: (gone: boolean) => void;
}) {
  const [form] = Form.useForm<{ comment?: string; orgCode?: string; reason?: string; category?: string }>();
  const reasons = useDictOptions('early_warning_information');
  const departs = useQuery({
    queryKey: ['interaction', 'departs'],
    queryFn: queryDepartTree,
    enabled: dialog === 'transfer',
  });
  const run = useMutation({
    mutationFn: async (v: { comment?: string; orgCode?: string; reason?: string; category?: string }) => {
      if (dialog === 'faq') return ticketToFaq(ticket.id, v.category ?? 'other');
      if (dialog === 'transfer') return transferTickets([ticket.id], v.orgCode ?? '', v.comment);
      if (dialog === 'offShelf') return startOffShelf(ticket.id, v.reason ?? '', v.comment ?? '');
      return transitionTickets(dialog, [ticket.id], v.comment);
    },
    onSuccess: () => {
      if (dialog === 'faq') {
        feedback.message.success('已生成常见问题草稿，请到 内容管理 › 常见问题 编辑后上架');
        onClose();
        return;
      }
      feedback.message.success(dialog === 'offShelf' ? '已发起目录下架申请' : '操作成功');
      // 退回 and 转办 hand the ticket to someone else: a department no longer sees it.
      onDone(dialog === 'return' || (dialog === 'transfer' && !ticket.orgCode));
    },
  });
  const needsComment = dialog !== 'transfer' && dialog !== 'faq';
  return (
    <Modal
      open
      title={DIALOG_TITLE[dialog]}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: dialog === 'close' || dialog === 'offShelf' }}
      confirmLoading={run.isPending}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => run.mutate(v))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {dialog === 'transfer' && (
          <Form.Item name="orgCode" label="转办部门" rules={[{ required: true, message: '请选择转办部门' }]}>
            <TreeSelect
              showSearch
              treeNodeFilterProp="title"
              placeholder="请选择"
              treeDefaultExpandAll
              fieldNames={{ label: 'title', value: 'orgCode', children: 'children' }}
              treeData={departs.data ?? []}
            />
          </Form.Item>
        )}
        {dialog === 'offShelf' && (
          <>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={`将对“${ticket.catalogName}”提交下架申请，经大数据局审核通过后下架。`}
            />
            <Form.Item name="reason" label="下架原因" rules={[{ required: true, message: '请选择下架原因' }]}>
              <Select placeholder="请选择" options={reasons.map((o) => ({ value: o.value, label: o.text }))} />
            </Form.Item>
          </>
        )}
        {dialog === 'faq' && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="事项标题作为问题、回复内容作为答案，生成一条“编辑中”的常见问题，编辑后上架即在帮助中心公开。"
            />
            <Form.Item
              name="category"
              label="问题分类"
              initialValue="other"
              rules={[{ required: true, message: '请选择问题分类' }]}
            >
              <Select options={FAQ_CATEGORIES.map((c) => ({ value: c.value, label: c.text }))} />
            </Form.Item>
          </>
        )}
        {dialog !== 'faq' && (
          <Form.Item
            name="comment"
            label={
              dialog === 'return'
                ? '退回理由'
                : dialog === 'close'
                  ? '关闭理由'
                  : dialog === 'offShelf'
                    ? '下架说明'
                    : '转办说明'
            }
            rules={
              needsComment
                ? [
                    {
                      required: true,
                      whitespace: true,
                      message:
                        dialog === 'return'
                          ? '请填写退回理由'
                          : dialog === 'close'
                            ? '请填写关闭理由'
                            : '请输入下架说明',
                    },
                  ]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
