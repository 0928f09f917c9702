import { SearchOutlined } from '@ant-design/icons';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPath } from '@/components/portal/links';

/** The header's site search: a plain form (antd Input would weigh on every first visit). */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = value.trim();
    if (!search) return;
    navigate(searchPath(search));
    setValue('');
  };
  return (
    <form className="portal-search" aria-label="站内搜索" onSubmit={submit}>
      <input
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="搜索数据目录"
        aria-label="全站搜索"
        maxLength={100}
      />
      <button type="submit" aria-label="搜索">
        <SearchOutlined />
      </button>
    </form>
  );
}
