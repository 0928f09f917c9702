import { OPEN_APP_STATUS, OpenAppCreateInput } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Radio, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { bindOpenApplyApp, type OpenApplyItem, openApplyKeys } from '@/api/open-apply';
import { addOpenApp, listOpenApps, openApiKeys } from '@/api/openapi';
import { ErrorState } from '@/components/portal/StateViews';
import { showAppSecret } from '../AppSecretView';

const APPS_QUERY = { pageNo: 1, pageSize: 50 };

/**
 * 选择应用: which of the user's apps reads the granted dataset (its App Key is what the gateway checks).
 * An app can be created here; its secret is shown once, as in 我的应用.
 */
export function BindAppDialog({ item, onClose }: { item: OpenApplyItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const apps = useQuery({ queryKey: openApiKeys.apps.list(APPS_QUERY), queryFn: () => listOpenApps(APPS_QUERY) });
  const usable = (apps.data?.records ?? []).filter((a) => a.status === OPEN_APP_STATUS.active);
  const [chosen, setChosen] = useState<string | null>(item.appId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: () => addOpenApp(OpenAppCreateInput.parse({ name, description: `用于调用“${item.catalogName}”` })),
    onSuccess: async (created) => {
      showAppSecret(`应用“${created.name}”已创建`, created);
      setName('');
      setChosen(created.id);
      await queryClient.invalidateQueries({ queryKey: openApiKeys.apps.all });
    },
  });
  const bind = useMutation({
    mutationFn: (appId: string) => bindOpenApplyApp({ id: item.id, appId }),
    onSuccess: async () => {
      feedback.message.success('已设置调用应用，可在“我的服务”中测试接口');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: openApplyKeys.all }),
        queryClient.invalidateQueries({ queryKey: openApiKeys.apps.all }),
      ]);
      onClose();
    },
  });

  const tryCreate = () => {
    const check = OpenAppCreateInput.shape.name.safeParse(name);
    if (!check.success) return setNameError(check.error.issues[0]?.message ?? '请输入应用名称');
    setNameError(null);
    create.mutate();
  };

  return (
    <Modal
      open
      title={`${item.appId ? '更换' : '选择'}调用应用：${item.catalogName}`}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !chosen || chosen === item.appId, loading: bind.isPending }}
      onOk={() => chosen && bind.mutate(chosen)}
      destroyOnHidden
    >
      <p className="centre-dialog-intro">
        获批的数据将授权给所选应用，调用时使用该应用的 App Key 与签名。
        {item.appId ? '更换后原应用立即不能再调用该数据。' : ''}
      </p>
      {apps.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : apps.isError ? (
        <ErrorState onRetry={() => apps.refetch()} />
      ) : usable.length === 0 ? (
        <Alert type="info" showIcon message="您还没有可用的应用，请先在下方创建一个。" />
      ) : (
        <Radio.Group
          className="centre-app-choices"
          value={chosen}
          onChange={(e) => setChosen(e.target.value as string)}
          aria-label="调用应用"
        >
          {usable.map((app) => (
            <Radio key={app.id} value={app.id}>
              <span className="centre-app-name">{app.name}</span>
              <code className="centre-app-key">{app.appKey}</code>
            </Radio>
          ))}
        </Radio.Group>
      )}
      <div className="centre-app-create">
        <label htmlFor="centre-new-app">新建应用</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="centre-new-app"
            value={name}
            maxLength={50}
            placeholder="应用名称，例如：公交到站查询小程序"
            status={nameError ? 'error' : undefined}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={tryCreate}
            aria-describedby={nameError ? 'centre-new-app-error' : undefined}
          />
          <Button onClick={tryCreate} loading={create.isPending}>
            创建
          </Button>
        </Space.Compact>
        {nameError && (
          <div id="centre-new-app-error" className="centre-field-error" role="alert">
            {nameError}
          </div>
        )}
      </div>
    </Modal>
  );
}
