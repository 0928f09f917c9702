import { SearchInput } from '@/components/portal/SearchInput';

/** The home hero's search: a word goes to the site search. */
export function SearchBox({ onSearch }: { onSearch: (value: string) => void }) {
  return (
    <SearchInput
      className="home-search"
      size="large"
      onSearch={onSearch}
      placeholder="请输入关键词，搜索全站开放数据"
      buttonText="全站搜索"
      label="全站搜索"
    />
  );
}
