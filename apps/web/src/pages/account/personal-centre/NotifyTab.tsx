import {
  NotifyMessages as M,
  NOTIFY_CATEGORY,
  NOTIFY_CATEGORY_HINT,
  type NotifyChannelSetting,
  type NotifySettings,
} from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Skeleton, Switch, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { getNotifySettings, saveNotifySettings } from '@/api/account';
import { feedback } from '@/api/feedback';
import { ErrorState } from '@/components/portal/StateViews';
import { centrePath } from './tabs';

export const NOTIFY_SETTINGS_KEY = ['account', 'notifySettings'] as const;

type Channel = 'sms' | 'email';

/**
 * The settings table: a row per message category, 站内消息 always on, and a switch per outbound
 * channel. A channel without a number (or address) cannot be turned on; one already on can be turned off.
 */
export function NotifySettingsTable({
  settings,
  saving,
  onChange,
}: {
  settings: NotifySettings;
  /** The category whose change is being saved, if any. */
  saving: string | null;
  onChange: (item: NotifyChannelSetting) => void;
}) {
  const channelColumn = (channel: Channel, title: string, available: boolean) => ({
    title,
    key: channel,
    width: 72,
    align: 'center' as const,
    render: (_: unknown, item: NotifyChannelSetting) => (
      <Switch
        size="small"
        checked={item[channel]}
        disabled={(!available && !item[channel]) || saving === item.category}
        loading={saving === item.category}
        aria-label={`${NOTIFY_CATEGORY[item.category]}：${title}`}
        onChange={(checked) => onChange({ ...item, [channel]: checked })}
      />
    ),
  });
  const columns: ColumnsType<NotifyChannelSetting> = [
    {
      title: '消息类别',
      key: 'category',
      render: (_, item) => (
        <div className="notify-category">
          <strong>{NOTIFY_CATEGORY[item.category]}</strong>
          <span className="centre-muted">{NOTIFY_CATEGORY_HINT[item.category]}</span>
        </div>
      ),
    },
    {
      title: '站内消息',
      key: 'site',
      width: 72,
      align: 'center',
      render: (_, item) => (
        <Switch size="small" checked disabled aria-label={`${NOTIFY_CATEGORY[item.category]}：站内消息（始终开启）`} />
      ),
    },
    channelColumn('sms', '短信', settings.hasPhone),
    channelColumn('email', '邮件', settings.hasEmail),
  ];
  return (
    <Table
      className="notify-table"
      size="small"
      rowKey="category"
      columns={columns}
      dataSource={settings.items}
      pagination={false}
    />
  );
}

/** 消息设置: which messages also come by 短信 and 邮件; each switch is saved at once. */
export default function NotifyTab() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: NOTIFY_SETTINGS_KEY, queryFn: getNotifySettings });
  const save = useMutation({
    mutationFn: (item: NotifyChannelSetting) => saveNotifySettings({ items: [item] }),
    onSuccess: (settings) => {
      queryClient.setQueryData(NOTIFY_SETTINGS_KEY, settings);
      feedback.message.success(M.saved);
    },
  });
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (query.isError || !query.data) return <ErrorState onRetry={() => query.refetch()} />;
  const settings = query.data;
  const missing = [!settings.hasPhone && '手机号', !settings.hasEmail && '邮箱'].filter(Boolean).join('和');
  return (
    <section aria-label="消息设置" className="notify-settings">
      <p className="centre-muted">
        所有消息都会出现在页面右上角的消息提醒和“消息”中；您还可以按类别选择同时以短信或邮件接收。未开启的类别不会发送短信或邮件。
      </p>
      {missing && (
        <Alert
          type="info"
          showIcon
          className="notify-missing"
          message={
            <span>
              您尚未填写{missing}，对应的通知方式暂不可开启。请先在<Link to={centrePath('info')}>基本信息</Link>
              中补充。
            </span>
          }
        />
      )}
      <NotifySettingsTable
        settings={settings}
        saving={save.isPending ? (save.variables?.category ?? null) : null}
        onChange={(item) => save.mutate(item)}
      />
    </section>
  );
}
