import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useState } from 'react';
import './portal-ui.css';

export type FacetOption = { value: string; label: string; count: number };

export type FacetFilterProps = {
  title: string;
  options: FacetOption[];
  /** The selected value, if any. */
  value?: string;
  /** A value to select it, or undefined for 全部 (a click on the selected value also clears). */
  onChange: (value: string | undefined) => void;
  /** Options shown before 更多. */
  collapsedCount?: number;
};

/** One row of facet filters: 全部 and each value with its count under the other filters. */
export function FacetFilter({ title, options, value, onChange, collapsedCount = 10 }: FacetFilterProps) {
  const [open, setOpen] = useState(false);
  const long = options.length > collapsedCount;
  const shown = open || !long ? options : options.slice(0, collapsedCount);
  // The selected value stays visible even when it sits behind 更多.
  const hidden = value && !shown.some((o) => o.value === value) ? options.find((o) => o.value === value) : undefined;

  return (
    <fieldset className="portal-facet">
      <legend className="portal-facet-title">{title}：</legend>
      <div className="portal-facet-options">
        <button type="button" aria-pressed={!value} onClick={() => onChange(undefined)}>
          全部
        </button>
        {[...shown, ...(hidden ? [hidden] : [])].map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
            <span className="portal-facet-count">({option.count})</span>
          </button>
        ))}
        {options.length === 0 && <span className="portal-facet-none">暂无可选项</span>}
      </div>
      {long && (
        <button type="button" className="portal-facet-more" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? '收起' : '更多'} {open ? <UpOutlined /> : <DownOutlined />}
        </button>
      )}
    </fieldset>
  );
}
