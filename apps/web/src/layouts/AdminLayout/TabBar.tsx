import { Dropdown, Tabs } from 'antd';
import type { TabState } from './tabs';

export type TabAction = 'refresh' | 'left' | 'right' | 'others';

const ACTIONS: { key: TabAction; label: string }[] = [
  { key: 'refresh', label: '刷新' },
  { key: 'left', label: '关闭左侧' },
  { key: 'right', label: '关闭右侧' },
  { key: 'others', label: '关闭其他' },
];

type Props = {
  state: TabState;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  onAction: (key: string, action: TabAction) => void;
};

/** The open pages as tabs; a right click anywhere on a tab opens 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他. */
export function TabBar({ state, onSelect, onClose, onAction }: Props) {
  return (
    <Tabs
      className="admin-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={state.activeKey}
      onChange={onSelect}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onClose(key)}
      items={state.tabs.map((tab) => ({ key: tab.key, label: tab.title }))}
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => (
            <Dropdown
              key={node.key}
              trigger={['contextMenu']}
              menu={{ items: ACTIONS, onClick: ({ key }) => onAction(String(node.key), key as TabAction) }}
            >
              {node}
            </Dropdown>
          )}
        </DefaultTabBar>
      )}
    />
  );
}
