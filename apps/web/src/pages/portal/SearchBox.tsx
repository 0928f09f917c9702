import { Input } from 'antd';

export default function SearchBox({ onSearch }: { onSearch: (value: string) => void }) {
  return (
    <Input.Search
      className="home-search"
      size="large"
      placeholder="请输入数据目录名称"
      enterButton="全站搜索"
      aria-label="全站搜索"
      onSearch={onSearch}
    />
  );
}
