import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export type TabItem = { key: string; label: ReactNode; children?: ReactNode };

export type TabStripProps = {
  items: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  label: string;
  className?: string;
};

/**
 * Tabs of the public pages: a strip of buttons and the active panel (only the active one renders).
 * antd Tabs would bring Dropdown and Menu for its overflow menu (some 20 KB gzipped).
 */
export function TabStrip({ items, activeKey, onChange, label, className }: TabStripProps) {
  const id = useId();
  const active = items.find((item) => item.key === activeKey) ?? items[0];
  // A tab may point only at a panel that exists (ARIA: aria-controls must name an element).
  const hasPanel = active?.children !== undefined;
  // A strip wider than the screen scrolls inside itself: the active tab is brought into view, also
  // when a link opened a tab far to the right.
  const strip = useRef<HTMLDivElement>(null);
  const activeKeyShown = active?.key;
  useEffect(() => {
    const box = strip.current;
    const tab = activeKeyShown ? document.getElementById(`${id}-tab-${activeKeyShown}`) : null;
    if (!box || !tab || box.scrollWidth <= box.clientWidth) return;
    const left = tab.offsetLeft - box.offsetLeft;
    if (left < box.scrollLeft || left + tab.offsetWidth > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, left - (box.clientWidth - tab.offsetWidth) / 2);
    }
  }, [activeKeyShown, id]);
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    onChange(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div className={`portal-tabs${className ? ` ${className}` : ''}`}>
      <div className="portal-tabs-strip" role="tablist" aria-label={label} ref={strip}>
        {items.map((item, index) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              id={`${id}-tab-${item.key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={hasPanel ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => !selected && onChange(item.key)}
              onKeyDown={(event) => move(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {hasPanel && (
        <div
          id={`${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${active.key}`}
          className="portal-tabs-panel"
        >
          {active.children}
        </div>
      )}
    </div>
  );
}
