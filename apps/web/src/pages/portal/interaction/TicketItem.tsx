import type { InteractionKind, MyInteractionItem, PublicInteractionItem } from '@odp/contracts';
import { INTERACTION_STATUS_LABEL, PROTECTION_TYPE_LABEL } from '@odp/contracts/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { downloadTicketFile } from '@/api/interaction';
import { formatDate } from '@/components/portal/format';

const STATUS_CLASS: Record<number, string> = { 0: 'is-pending', 1: 'is-processing', 2: 'is-replied', 3: 'is-closed' };

export function StatusTag({ status }: { status: number }) {
  return <span className={`ia-status ${STATUS_CLASS[status] ?? ''}`}>{INTERACTION_STATUS_LABEL[String(status)]}</span>;
}

/** What the item is about, per kind: the dataset, the expected format, the way of protection. */
function facts(
  item: PublicInteractionItem,
  consultTypes: Record<string, string>,
): { label: string; value: ReactNode }[] {
  const kind: InteractionKind = item.kind;
  const rows: { label: string; value: ReactNode }[] = [];
  if (item.catalogName)
    rows.push({
      label: '数据资源',
      value: item.catalogId ? (
        <Link to={`/catalogue/datacatalogue/details?id=${item.catalogId}`}>{item.catalogName}</Link>
      ) : (
        item.catalogName
      ),
    });
  if (kind === 'consult' && item.consultType)
    rows.push({ label: '反馈类型', value: consultTypes[item.consultType] ?? item.consultType });
  if (kind === 'dataApplication' && item.dataFormat) rows.push({ label: '期望格式', value: item.dataFormat });
  if (kind === 'rightsProtection' && item.protectionType)
    rows.push({ label: '保护方式', value: PROTECTION_TYPE_LABEL[item.protectionType] });
  rows.push({ label: '承办部门', value: item.departName ?? '大数据局受理台' });
  rows.push({ label: '提交日期', value: formatDate(item.submittedAt) });
  if (item.repliedAt) rows.push({ label: '回复日期', value: formatDate(item.repliedAt) });
  return rows;
}

/** One item with its reply: the 公开 lists and the submitter's own. */
export function TicketItem({
  item,
  consultTypes,
  children,
  files,
}: {
  item: PublicInteractionItem | MyInteractionItem;
  consultTypes: Record<string, string>;
  /** The submitter's actions (我的). */
  children?: ReactNode;
  /** Whether the submitter's own attachments are listed (我的 only). */
  files?: boolean;
}) {
  const mine = 'isPublic' in item ? item : null;
  return (
    <article className="ia-item">
      <header className="ia-item-head">
        <h3>{item.title}</h3>
        <StatusTag status={item.status} />
        {mine && !mine.isPublic && <span className="ia-private">不公开</span>}
      </header>
      <dl className="ia-facts">
        {facts(item, consultTypes).map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="ia-content">{item.content}</p>
      {files && mine && mine.files.length > 0 && <FileLinks label="附件" files={mine.files} />}
      {item.reply ? (
        <div className="ia-reply">
          <div className="ia-reply-head">
            <strong>{item.replyDepartName ?? '承办部门'}</strong> 回复于 {formatDate(item.repliedAt)}
          </div>
          {/* Sanitised by the server when the department replied. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
          <div className="ia-reply-body" dangerouslySetInnerHTML={{ __html: item.reply }} />
          {item.replyFiles.length > 0 && <FileLinks label="回复附件" files={item.replyFiles} />}
        </div>
      ) : (
        mine?.closeReason && <p className="ia-close-reason">关闭理由：{mine.closeReason}</p>
      )}
      {item.score !== null && (
        <p className="ia-score">
          满意度：
          <span aria-hidden="true">
            {'★'.repeat(item.score)}
            {'☆'.repeat(5 - item.score)}
          </span>
          <span className="sr-only">{item.score} 分（满分 5 分）</span>
        </p>
      )}
      {children}
    </article>
  );
}

function FileLinks({ label, files }: { label: string; files: { id: string; fileName: string }[] }) {
  return (
    <p className="ia-files">
      {label}：
      {files.map((f) => (
        <button key={f.id} type="button" className="ia-link" onClick={() => downloadTicketFile(f)}>
          {f.fileName}
        </button>
      ))}
    </p>
  );
}
