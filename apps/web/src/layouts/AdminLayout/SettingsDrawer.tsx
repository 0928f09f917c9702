import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, List, Radio, Select, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { LayoutSettings } from './settings';

const COLORS = [
  { color: '#1890FF', name: '拂晓蓝（默认）' },
  { color: '#F5222D', name: '薄暮' },
  { color: '#FA541C', name: '火山' },
  { color: '#FAAD14', name: '日暮' },
  { color: '#13C2C2', name: '明青' },
  { color: '#52C41A', name: '极光绿' },
  { color: '#2F54EB', name: '极客蓝' },
  { color: '#722ED1', name: '酱紫' },
];

type Props = {
  open: boolean;
  onClose: () => void;
  settings: LayoutSettings;
  onChange: (patch: Partial<LayoutSettings> | null) => void;
};

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  const action = hint ? <Tooltip title={hint}>{children}</Tooltip> : children;
  return <List.Item actions={[action]}>{label}</List.Item>;
}

/** 页面设置 (spec §2.3); every option is stored in this browser. */
export function SettingsDrawer({ open, onClose, settings: s, onChange }: Props) {
  const isTop = s.layout === 'topmenu';
  return (
    <Drawer title="页面设置" open={open} onClose={onClose} width={320}>
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <Radio.Group
        value={s.navTheme}
        onChange={(e) => onChange({ navTheme: e.target.value })}
        optionType="button"
        options={[
          { value: 'dark', label: '暗色菜单风格' },
          { value: 'light', label: '亮色菜单风格' },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 24 }}>
        主题色
      </Typography.Title>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {COLORS.map(({ color, name }) => (
          <Tooltip key={color} title={name}>
            <button
              type="button"
              aria-label={name}
              onClick={() => onChange({ color })}
              style={{
                width: 24,
                height: 24,
                border: 0,
                borderRadius: 4,
                background: color,
                color: '#fff',
                cursor: 'pointer',
              }}
            >
              {s.color.toUpperCase() === color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <Radio.Group
        value={s.layout}
        onChange={(e) => onChange({ layout: e.target.value })}
        optionType="button"
        options={[
          { value: 'sidemenu', label: '侧边栏导航' },
          { value: 'topmenu', label: '顶部栏导航' },
        ]}
      />
      <List split={false} style={{ marginTop: 8 }}>
        <Row label="内容区域宽度" hint={isTop ? undefined : '该设定仅 [顶部栏导航] 时有效'}>
          <Select
            size="small"
            style={{ width: 80 }}
            value={s.contentWidth}
            onChange={(contentWidth) => onChange({ contentWidth })}
            options={[
              { value: 'Fixed', label: '固定' },
              { value: 'Fluid', label: '流式', disabled: !isTop },
            ]}
          />
        </Row>
        <Row label="固定 Header">
          <Switch size="small" checked={s.fixedHeader} onChange={(fixedHeader) => onChange({ fixedHeader })} />
        </Row>
        <Row label="下滑时隐藏 Header" hint={s.fixedHeader ? undefined : '固定 Header 时可配置'}>
          <Switch
            size="small"
            disabled={!s.fixedHeader}
            checked={s.autoHideHeader}
            onChange={(autoHideHeader) => onChange({ autoHideHeader })}
          />
        </Row>
        <Row label="固定侧边菜单" hint={isTop ? '侧边栏导航时可配置' : undefined}>
          <Switch
            size="small"
            disabled={isTop}
            checked={s.fixSiderbar}
            onChange={(fixSiderbar) => onChange({ fixSiderbar })}
          />
        </Row>
      </List>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <List split={false}>
        <Row label="色弱模式">
          <Switch size="small" checked={s.colorWeak} onChange={(colorWeak) => onChange({ colorWeak })} />
        </Row>
        <Row label="多页签模式">
          <Switch size="small" checked={s.multipage} onChange={(multipage) => onChange({ multipage })} />
        </Row>
      </List>
      <Divider />
      <Button block onClick={() => onChange(null)}>
        恢复默认设置
      </Button>
    </Drawer>
  );
}
