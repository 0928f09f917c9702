import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { type FormEvent, useEffect, useState } from 'react';

export type SearchInputProps = {
  /** The searched word (from the address); the box follows it when it changes. */
  value?: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  /** The button's text; without one, a magnifier icon. */
  buttonText?: string;
  size?: 'middle' | 'large';
  /** Searches on every keystroke (a filter) instead of on Enter or the button. */
  live?: boolean;
  label: string;
  maxLength?: number;
  className?: string;
};

/**
 * A search box of the public pages: a plain input with a clear button and a search button. antd's
 * Input.Search brings TextArea, Password and OTP along (some 13 KB gzipped).
 */
export function SearchInput({
  value = '',
  onSearch,
  placeholder,
  buttonText,
  size = 'middle',
  live,
  label,
  maxLength = 100,
  className,
}: SearchInputProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const change = (next: string) => {
    setText(next);
    if (live) onSearch(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form className={`portal-input is-${size}${className ? ` ${className}` : ''}`} onSubmit={submit}>
      {live && <SearchOutlined className="portal-input-prefix" aria-hidden="true" />}
      <input
        type="text"
        value={text}
        onChange={(event) => change(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
        enterKeyHint="search"
      />
      {text && (
        <button
          type="button"
          className="portal-input-clear"
          aria-label="清除"
          onClick={() => {
            change('');
            if (!live) onSearch('');
          }}
        >
          <CloseCircleFilled />
        </button>
      )}
      {!live && (
        <button type="submit" className="portal-input-submit" aria-label={buttonText ? undefined : '搜索'}>
          {buttonText ?? <SearchOutlined />}
        </button>
      )}
    </form>
  );
}
