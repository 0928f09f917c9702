import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { systemKeys } from '@/api/system/query-keys';
import { listUsers } from '@/api/system/user';

/** Picks users by name through /sys/user/list (first 50 matches of the typed name). */
export function AnnouncementUserSelect(props: Omit<SelectProps<string[]>, 'options' | 'mode'>) {
  const [keyword, setKeyword] = useState('');
  const params = { pageNo: 1, pageSize: 50, realname: keyword || undefined };
  const { data, isFetching } = useQuery({
    queryKey: systemKeys.users.list(params),
    queryFn: () => listUsers(params),
    staleTime: 60_000,
  });
  const options = (data?.records ?? []).map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }));
  return (
    <Select<string[]>
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={isFetching}
      placeholder="输入姓名搜索用户"
      notFoundContent={isFetching ? '加载中…' : '没有匹配的用户'}
      {...props}
      options={options}
    />
  );
}
