import {
  BoldOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { feedback } from '@/api/feedback';
import { normaliseLink } from './link';

type Props = {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Height of the editing area in pixels. */
  height?: number;
  'aria-label'?: string;
  /**
   * Offers 图片: the chosen file is uploaded by the caller (through the server's file rules) and the
   * answered address is inserted where the caret was.
   */
  onUploadImage?: (file: File) => Promise<string>;
};

type Command = { key: string; label: string; icon: ReactNode; run: () => void };

/**
 * A small rich-text editor: a contentEditable area with 加粗, 斜体, 下划线, 标题, 列表 and 链接.
 * The browser's editing commands produce the markup; the server sanitises it on save, so the editor
 * itself need not police what is pasted.
 */
export function RichTextEditor({
  value = '',
  onChange,
  placeholder = '请输入内容',
  height = 240,
  onUploadImage,
  ...rest
}: Props) {
  const { token } = theme.useToken();
  const { message } = feedback;
  const area = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const [empty, setEmpty] = useState(!value);
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  // Writes an outside value (a record being edited, a reset) without disturbing the caret while typing.
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== value) {
      el.innerHTML = value;
      setEmpty(!el.textContent?.trim() && !el.querySelector('img'));
    }
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    setEmpty(!el.textContent?.trim() && !el.querySelector('img'));
    onChange?.(el.innerHTML);
  };

  const exec = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  const rememberSelection = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) {
      savedRange.current = selection.getRangeAt(0).cloneRange();
    }
  };

  const insertLink = () => {
    const href = normaliseLink(link);
    if (!href) {
      message.error('请输入以 http://、https://、mailto: 或 / 开头的链接');
      return;
    }
    area.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) document.execCommand('createLink', false, href);
    else document.execCommand('insertHTML', false, `<a href="${href.replace(/"/g, '&quot;')}">${escapeText(link)}</a>`);
    emit();
    setLink('');
    setLinkOpen(false);
  };

  const insertImage = async (file: File | undefined) => {
    if (!file || !onUploadImage) return;
    setUploading(true);
    try {
      const url = await onUploadImage(file);
      area.current?.focus();
      const selection = window.getSelection();
      if (savedRange.current && selection) {
        selection.removeAllRanges();
        selection.addRange(savedRange.current);
      }
      const alt = escapeText(file.name.replace(/\.[^.]+$/, ''));
      document.execCommand('insertHTML', false, `<img src="${url.replace(/"/g, '&quot;')}" alt="${alt}">`);
      emit();
    } catch {
      // The upload's refusal has been shown by the request client.
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const commands: Command[] = [
    { key: 'bold', label: '加粗', icon: <BoldOutlined />, run: () => exec('bold') },
    { key: 'italic', label: '斜体', icon: <ItalicOutlined />, run: () => exec('italic') },
    { key: 'underline', label: '下划线', icon: <UnderlineOutlined />, run: () => exec('underline') },
    { key: 'heading', label: '标题', icon: <FontSizeOutlined />, run: () => exec('formatBlock', '<h3>') },
    { key: 'list', label: '列表', icon: <UnorderedListOutlined />, run: () => exec('insertUnorderedList') },
  ];

  return (
    <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}>
      <Space
        size={2}
        style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}`, width: '100%', flexWrap: 'wrap' }}
      >
        {commands.map((c) => (
          <Tooltip key={c.key} title={c.label}>
            {/* onMouseDown keeps the selection in the editing area while the button is pressed. */}
            <Button
              type="text"
              size="small"
              aria-label={c.label}
              icon={c.icon}
              onMouseDown={(e) => e.preventDefault()}
              onClick={c.run}
            />
          </Tooltip>
        ))}
        <Popover
          trigger="click"
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) rememberSelection();
            setLinkOpen(open);
          }}
          content={
            <Space.Compact style={{ width: 300 }}>
              <Input
                autoFocus
                placeholder="https://"
                value={link}
                onChange={(e) => setLink(e.target.value)}
                onPressEnter={insertLink}
                aria-label="链接地址"
              />
              <Button type="primary" onClick={insertLink}>
                插入
              </Button>
            </Space.Compact>
          }
        >
          <Tooltip title="链接">
            <Button
              type="text"
              size="small"
              aria-label="链接"
              icon={<LinkOutlined />}
              onMouseDown={(e) => e.preventDefault()}
            />
          </Tooltip>
        </Popover>
        {onUploadImage && (
          <Tooltip title="图片（JPG、PNG）">
            <Button
              type="text"
              size="small"
              aria-label="插入图片"
              icon={<PictureOutlined />}
              loading={uploading}
              onMouseDown={(e) => {
                e.preventDefault();
                rememberSelection();
              }}
              onClick={() => picker.current?.click()}
            />
          </Tooltip>
        )}
        {onUploadImage && (
          <input
            ref={picker}
            type="file"
            accept="image/png,image/jpeg"
            style={{ display: 'none' }}
            aria-hidden
            data-testid="rich-text-image-input"
            onChange={(e) => insertImage(e.target.files?.[0])}
          />
        )}
      </Space>
      <div style={{ position: 'relative' }}>
        {empty && (
          <div
            aria-hidden
            style={{ position: 'absolute', top: 8, left: 11, color: token.colorTextPlaceholder, pointerEvents: 'none' }}
          >
            {placeholder}
          </div>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: rich text needs a contentEditable element; a textarea holds plain text only. */}
        <div
          ref={area}
          role="textbox"
          aria-multiline
          aria-label={rest['aria-label'] ?? '内容'}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          className="rich-text-editor notice-content"
          onInput={emit}
          onBlur={emit}
          onKeyUp={rememberSelection}
          onMouseUp={rememberSelection}
          style={{ minHeight: height, maxHeight: height * 2, overflowY: 'auto', padding: '8px 11px', outline: 'none' }}
        />
      </div>
    </div>
  );
}

function escapeText(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
