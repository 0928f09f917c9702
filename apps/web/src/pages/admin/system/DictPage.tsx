import { SyncOutlined } from '@ant-design/icons';
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { DictCreateInput, type DictRecord, DictUpdateInput, Messages, Perm } from '@odp/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { addDict, deleteDict, dictKeys, editDict, listDicts, refreshDictCache } from '@/api/system/dict';
import { refreshCachedDicts, reloadCachedDicts } from '@/components/DictSelect/refresh-dicts';
import { defineResourceView, ResourcePage, zodRule } from '@/components/ResourcePage';
import { DictItemDrawer } from './DictItemDrawer';

type DictFormValues = { dictName: string; dictCode: string; description?: string | null };

const field = DictCreateInput.shape;

/**
 * The dictionaries list. Every change also refreshes this browser's cached items of the codes it
 * touched, so DictSelect/DictTag show it without signing in again.
 */
function dictView(queryClient: QueryClient, openItems: (dict: DictRecord) => void) {
  const refresh = (codes: string[]) => refreshCachedDicts(queryClient, codes);
  return defineResourceView<DictRecord, DictCreateInput, DictUpdateInput, DictFormValues>({
    title: '数据字典',
    noun: '字典',
    rowKey: 'id',
    queryKeys: dictKeys.dicts,
    api: {
      list: listDicts,
      create: async (input) => {
        await addDict(input);
        await refresh([input.dictCode]);
      },
      update: async (input) => {
        const codes = previousCode(input.id);
        await editDict(input);
        await refresh([input.dictCode, ...codes]);
      },
      // One dictionary per call, as the API deletes them; a batch stops at the first refusal.
      remove: async (ids) => {
        for (const id of ids) {
          const codes = previousCode(id);
          await deleteDict(id);
          await refresh(codes);
        }
      },
    },
    permissions: { add: Perm.dictAdd, edit: Perm.dictEdit, delete: Perm.dictDelete },
    columns: [
      { title: '字典名称', dataIndex: 'dictName', searchable: true, sorter: true, width: 160 },
      { title: '字典编码', dataIndex: 'dictCode', searchable: true, sorter: true, width: 180, copyable: true },
      { title: '描述', dataIndex: 'description', ellipsis: true, width: 220 },
      { title: '创建时间', dataIndex: 'createTime', valueType: 'dateTime', sorter: true, width: 170 },
    ],
    form: {
      width: 560,
      fields: () => (
        <>
          <ProFormText
            name="dictName"
            label="字典名称"
            placeholder="请输入字典名称"
            rules={[zodRule(field.dictName)]}
          />
          <ProFormText
            name="dictCode"
            label="字典编码"
            placeholder="如 open_type"
            rules={[zodRule(field.dictCode, { required: '请输入字典编码' })]}
          />
          <ProFormTextArea
            name="description"
            label="描述"
            placeholder="请输入描述"
            rules={[zodRule(field.description)]}
          />
        </>
      ),
      toValues: (dict) => ({ dictName: dict.dictName, dictCode: dict.dictCode, description: dict.description }),
      toCreate: (values) => DictCreateInput.parse(values),
      toUpdate: (values, dict) => DictUpdateInput.parse({ ...values, id: dict.id }),
    },
    rowActions: [
      {
        // Whoever opens this page may read the items; dictList is a menu code, not a button in `auth`.
        key: 'items',
        render: (dict) => <Typography.Link onClick={() => openItems(dict)}>字典配置</Typography.Link>,
      },
    ],
    actionWidth: 180,
  });

  /** The code a dictionary had before the change, from the rows on screen. */
  function previousCode(id: string): string[] {
    const pages = queryClient.getQueriesData<{ records: DictRecord[] }>({ queryKey: dictKeys.dicts.all });
    const found = pages.flatMap(([, page]) => page?.records ?? []).find((dict) => dict.id === id);
    return found ? [found.dictCode] : [];
  }
}

/** 数据字典 (/system/DictList): dictionaries, their items in a drawer, and the server cache refresh. */
export default function DictPage() {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const [itemsOf, setItemsOf] = useState<DictRecord | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const view = useMemo(() => dictView(queryClient, setItemsOf), [queryClient]);

  const refreshCache = async () => {
    setRefreshing(true);
    try {
      await refreshDictCache();
      message.success(Messages.cacheRefreshed);
    } catch {
      message.error(Messages.cacheRefreshFailed);
      return;
    } finally {
      setRefreshing(false);
    }
    await reloadCachedDicts(queryClient).catch(() => undefined);
  };

  return (
    <>
      <ResourcePage
        view={view}
        toolbar={() => [
          <Button key="refresh" icon={<SyncOutlined />} loading={refreshing} onClick={() => void refreshCache()}>
            刷新缓存
          </Button>,
        ]}
      />
      <DictItemDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />
    </>
  );
}
