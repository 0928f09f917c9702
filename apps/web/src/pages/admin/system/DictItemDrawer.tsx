import { ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import {
  DICT_ITEM_STATUS,
  DictItemCreateInput,
  type DictItemRecord,
  DictItemUpdateInput,
  type DictRecord,
  Perm,
} from '@odp/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { Drawer, Switch, Tag } from 'antd';
import { useMemo } from 'react';
import { addDictItem, deleteDictItem, dictKeys, editDictItem, listDictItems } from '@/api/system/dict';
import { refreshCachedDicts } from '@/components/DictSelect/refresh-dicts';
import { defineResourceView, ResourcePage, useCan, zodRule } from '@/components/ResourcePage';

type DictItemFormValues = {
  itemText: string;
  itemValue: string;
  itemColor?: string | null;
  description?: string | null;
  sortOrder: number;
  /** The form's switch; 1/0 on the wire. */
  enabled: boolean;
};

/** antd's preset tag colours, which the portal and the admin tags understand. */
const COLORS = [
  'success',
  'processing',
  'warning',
  'error',
  'default',
  'blue',
  'green',
  'red',
  'orange',
  'gold',
  'purple',
  'cyan',
  'magenta',
  'geekblue',
  'lime',
  'volcano',
];

const field = DictItemCreateInput.shape;

const toInput = ({ enabled, ...values }: DictItemFormValues) => ({
  ...values,
  status: enabled ? DICT_ITEM_STATUS.enabled : DICT_ITEM_STATUS.disabled,
});

/** Turns an item on or off in place; the list and the cached dictionary follow. */
function StatusSwitch({ item, dict }: { item: DictItemRecord; dict: DictRecord }) {
  const queryClient = useQueryClient();
  const mayEdit = useCan()(Perm.dictEdit);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      editDictItem(
        DictItemUpdateInput.parse({
          ...item,
          status: enabled ? DICT_ITEM_STATUS.enabled : DICT_ITEM_STATUS.disabled,
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dictKeys.items.all });
      await refreshCachedDicts(queryClient, [dict.dictCode]);
    },
  });
  return (
    <Switch
      size="small"
      checkedChildren="启用"
      unCheckedChildren="停用"
      checked={item.status === DICT_ITEM_STATUS.enabled}
      disabled={!mayEdit}
      loading={toggle.isPending}
      onChange={(enabled) => toggle.mutate(enabled)}
    />
  );
}

function itemView(queryClient: QueryClient, dict: DictRecord) {
  const refresh = () => refreshCachedDicts(queryClient, [dict.dictCode]);
  return defineResourceView<DictItemRecord, DictItemCreateInput, DictItemUpdateInput, DictItemFormValues>({
    title: `${dict.dictName}（${dict.dictCode}）`,
    noun: '字典项',
    rowKey: 'id',
    queryKeys: dictKeys.items,
    api: {
      list: (params) => listDictItems({ ...params, dictId: dict.id }),
      create: async (input) => {
        await addDictItem(input);
        await refresh();
      },
      update: async (input) => {
        await editDictItem(input);
        await refresh();
      },
      remove: async (ids) => {
        for (const id of ids) await deleteDictItem(id);
        await refresh();
      },
    },
    permissions: { add: Perm.dictAdd, edit: Perm.dictEdit, delete: Perm.dictDelete },
    columns: [
      { title: '名称', dataIndex: 'itemText', searchable: true, width: 140 },
      { title: '数据值', dataIndex: 'itemValue', sorter: true, width: 110 },
      {
        title: '颜色',
        dataIndex: 'itemColor',
        width: 100,
        render: (_dom, item) => (item.itemColor ? <Tag color={item.itemColor}>{item.itemText}</Tag> : '-'),
      },
      { title: '排序', dataIndex: 'sortOrder', sorter: true, width: 80 },
      {
        title: '状态',
        dataIndex: 'status',
        width: 90,
        searchable: true,
        valueType: 'select',
        valueEnum: { [DICT_ITEM_STATUS.enabled]: { text: '启用' }, [DICT_ITEM_STATUS.disabled]: { text: '停用' } },
        render: (_dom, item) => <StatusSwitch item={item} dict={dict} />,
      },
      { title: '描述', dataIndex: 'description', ellipsis: true, width: 160 },
    ],
    form: {
      width: 560,
      fields: () => (
        <>
          <ProFormText name="itemText" label="名称" placeholder="请输入名称" rules={[zodRule(field.itemText)]} />
          <ProFormText name="itemValue" label="数据值" placeholder="请输入数据值" rules={[zodRule(field.itemValue)]} />
          <ProFormSelect
            name="itemColor"
            label="颜色"
            placeholder="不设颜色"
            allowClear
            options={COLORS.map((color) => ({ value: color, label: <Tag color={color}>{color}</Tag> }))}
          />
          <ProFormDigit
            name="sortOrder"
            label="排序"
            min={0}
            max={99999}
            fieldProps={{ precision: 0 }}
            rules={[zodRule(field.sortOrder, { required: '请输入排序' })]}
          />
          <ProFormSwitch name="enabled" label="启用" />
          <ProFormTextArea
            name="description"
            label="描述"
            placeholder="请输入描述"
            rules={[zodRule(field.description)]}
          />
        </>
      ),
      initialValues: { sortOrder: 1, enabled: true },
      toValues: (item) => ({
        itemText: item.itemText,
        itemValue: item.itemValue,
        itemColor: item.itemColor,
        description: item.description,
        sortOrder: item.sortOrder,
        enabled: item.status === DICT_ITEM_STATUS.enabled,
      }),
      toCreate: (values) => DictItemCreateInput.parse({ ...toInput(values), dictId: dict.id }),
      toUpdate: (values, item) => DictItemUpdateInput.parse({ ...toInput(values), id: item.id }),
    },
    pageSize: 10,
  });
}

/** 字典配置: the items of one dictionary in a drawer over the dictionaries list. */
export function DictItemDrawer({ dict, onClose }: { dict: DictRecord | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const view = useMemo(() => (dict ? itemView(queryClient, dict) : null), [queryClient, dict]);
  return (
    <Drawer title="字典配置" width={900} open={Boolean(dict)} onClose={onClose} destroyOnHidden>
      {view && <ResourcePage key={view.title} view={view} params={{ dictId: dict?.id }} />}
    </Drawer>
  );
}
