import { PUSH_PROTOCOL } from '@odp/contracts/constants';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getCurrentUserDeparts } from '@/api/auth';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { usePermission, useSession } from '@/session';
import { livePushUrl } from '@/session/push';

type Probe = { state: 'running' } | { state: 'ok'; ms: number } | { state: 'failed'; reason: string };

const TIMEOUT_MS = 10_000;

/** Three signed-in calls; the median is the round trip a user of this browser sees. */
async function probeApi(): Promise<Probe> {
  const times: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      await getCurrentUserDeparts();
      times.push(performance.now() - start);
    }
  } catch (e) {
    return { state: 'failed', reason: e instanceof Error ? e.message : '请求失败' };
  }
  times.sort((a, b) => a - b);
  return { state: 'ok', ms: Math.round(times[1] ?? 0) };
}

/** Opens a push socket of its own, pings once and waits for the pong (proxies often break WebSockets). */
function probePush(token: string): Promise<Probe> {
  return new Promise((resolve) => {
    const start = performance.now();
    let ws: WebSocket;
    try {
      ws = new WebSocket(livePushUrl(), [PUSH_PROTOCOL, token]);
    } catch {
      resolve({ state: 'failed', reason: '浏览器不支持 WebSocket' });
      return;
    }
    const timer = setTimeout(() => finish({ state: 'failed', reason: '10 秒内没有收到应答' }), TIMEOUT_MS);
    function finish(result: Probe) {
      clearTimeout(timer);
      ws.onclose = null;
      ws.close(1000);
      resolve(result);
    }
    ws.onopen = () => ws.send(JSON.stringify({ cmd: 'ping' }));
    ws.onmessage = () => finish({ state: 'ok', ms: Math.round(performance.now() - start) });
    ws.onclose = (event) => finish({ state: 'failed', reason: `连接被关闭（${event.code}）` });
  });
}

function ProbeTag({ probe }: { probe: Probe }) {
  if (probe.state === 'running') return <Tag color="processing">检测中…</Tag>;
  if (probe.state === 'failed') return <Tag color="error">失败：{probe.reason}</Tag>;
  return <Tag color={probe.ms < 1000 ? 'success' : 'warning'}>正常 · {probe.ms} 毫秒</Tag>;
}

/**
 * 测试页 (spec §2.2 `/test/home`): a self-check a signed-in user can open when something does not
 * work — whether this browser reaches the API and the live push, and what the session holds — so
 * that a support call starts from facts.
 */
export default function SelfCheckPage() {
  useDocumentTitle('系统自检');
  const { token, userInfo } = useSession();
  const permission = usePermission();
  const [api, setApi] = useState<Probe>({ state: 'running' });
  const [push, setPush] = useState<Probe>({ state: 'running' });

  const run = useCallback(() => {
    setApi({ state: 'running' });
    setPush({ state: 'running' });
    void probeApi().then(setApi);
    if (token) void probePush(token).then(setPush);
    else setPush({ state: 'failed', reason: '未登录' });
  }, [token]);
  useEffect(run, [run]);

  const buttons = permission.data?.auth.length ?? 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={<h1 style={{ margin: 0, fontSize: 16 }}>系统自检</h1>}
        extra={
          <Button onClick={run} disabled={api.state === 'running' || push.state === 'running'}>
            重新检测
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          检查当前浏览器与平台服务的连通情况。如需联系技术支持，请将本页截图一并提供。
        </Typography.Paragraph>
        <Descriptions bordered column={1} size="small" labelStyle={{ width: 160 }}>
          <Descriptions.Item label="接口服务">
            <ProbeTag probe={api} />
          </Descriptions.Item>
          <Descriptions.Item label="实时推送">
            <ProbeTag probe={push} />
          </Descriptions.Item>
          <Descriptions.Item label="当前账号">
            {userInfo ? `${userInfo.realname || userInfo.username}（${userInfo.username}）` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="当前部门">
            {userInfo?.departName || userInfo?.orgCode || '未归属部门'}
          </Descriptions.Item>
          <Descriptions.Item label="菜单与按钮权限">
            {permission.data ? `${permission.data.menu.length} 个顶级菜单，${buttons} 项按钮权限` : '读取中…'}
          </Descriptions.Item>
          <Descriptions.Item label="浏览器">{navigator.userAgent}</Descriptions.Item>
          <Descriptions.Item label="窗口大小">
            {window.innerWidth} × {window.innerHeight}（设备像素比 {window.devicePixelRatio}）
          </Descriptions.Item>
          <Descriptions.Item label="浏览器时间">
            {new Date().toLocaleString('zh-CN', { hour12: false })}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
