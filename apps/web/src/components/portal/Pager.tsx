import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type FormEvent, useState } from 'react';
import { type PagerItem, pagerItems } from './pager';

export type PagerProps = {
  current: number;
  pageSize: number;
  total: number;
  /** Text before the buttons, e.g. 共 10000+ 条. */
  totalText?: string;
  /** Page sizes to choose from; none, no choice. */
  pageSizes?: number[];
  /** Pages beyond this are not offered (the server pages at most this deep). */
  maxPages?: number;
  onChange: (page: number, pageSize: number) => void;
};

/**
 * The portal's pager: plain buttons and a native select, where antd's Pagination would bring its
 * Select (some 30 KB gzipped) into the public pages that need nothing else of it.
 */
export function Pager({ current, pageSize, total, totalText, pageSizes, maxPages = 1000, onChange }: PagerProps) {
  const pages = Math.min(Math.ceil(total / pageSize), maxPages);
  const [jump, setJump] = useState('');
  if (pages < 1) return null;

  const go = (page: number) => {
    const next = Math.min(Math.max(1, page), pages);
    if (next !== current) onChange(next, pageSize);
  };
  const submitJump = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(jump);
    if (Number.isInteger(n) && n > 0) go(n);
    setJump('');
  };
  const button = (item: PagerItem) =>
    typeof item === 'number' ? (
      <button
        key={item}
        type="button"
        aria-current={item === current ? 'page' : undefined}
        aria-label={`第 ${item} 页`}
        onClick={() => go(item)}
      >
        {item}
      </button>
    ) : (
      <button
        key={item}
        type="button"
        className="portal-pager-gap"
        title={item === 'gap-left' ? '向前 5 页' : '向后 5 页'}
        onClick={() => go(current + (item === 'gap-left' ? -5 : 5))}
      >
        …
      </button>
    );

  return (
    <nav className="portal-pager" aria-label="分页">
      {totalText && <span className="portal-pager-total">{totalText}</span>}
      <button type="button" aria-label="上一页" disabled={current <= 1} onClick={() => go(current - 1)}>
        <LeftOutlined />
      </button>
      {pagerItems(current, pages).map(button)}
      <button type="button" aria-label="下一页" disabled={current >= pages} onClick={() => go(current + 1)}>
        <RightOutlined />
      </button>
      {pageSizes && pageSizes.length > 1 && (
        <select aria-label="每页条数" value={pageSize} onChange={(event) => onChange(1, Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size} 条/页
            </option>
          ))}
        </select>
      )}
      {pages > 5 && (
        <form className="portal-pager-jump" onSubmit={submitJump}>
          跳至
          <input
            inputMode="numeric"
            aria-label="跳转页码"
            value={jump}
            onChange={(event) => setJump(event.target.value.replace(/\D/g, ''))}
          />
          页
        </form>
      )}
    </nav>
  );
}
