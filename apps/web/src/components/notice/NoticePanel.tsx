import { Constants, type NoticeItem, type NoticeListResult, PRIORITY_LABEL } from '@odp/contracts';
import { List, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { usePermission } from '@/session';
import { menuHas, PRIORITY_COLOR, typeLabelOf } from './notice-list';

const ANNOUNCEMENT_PAGE = '/isps/userAnnouncement';

function NoticeList({ items, onOpen }: { items: NoticeItem[]; onOpen: (item: NoticeItem) => void }) {
  return (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: '暂无未读消息' }}
      style={{ maxHeight: 320, overflowY: 'auto' }}
      renderItem={(item) => (
        <List.Item style={{ cursor: 'pointer' }} onClick={() => onOpen(item)}>
          <List.Item.Meta
            title={item.titile}
            description={`发布时间：${dayjs(item.sendTime ?? item.createTime).format(Constants.dateFormat)}`}
          />
          {item.source === 'news' ? (
            <Tag color="purple">{typeLabelOf(item)}</Tag>
          ) : (
            <Tag color={PRIORITY_COLOR[item.priority]}>{PRIORITY_LABEL[item.priority]}</Tag>
          )}
        </List.Item>
      )}
    />
  );
}

type Props = { data: NoticeListResult | undefined; onOpen: (item: NoticeItem) => void; onMore: () => void };

/** The popover of the bell: 通知 and 系统消息 (with business messages) and their unread counts (spec §2.3). */
export default function NoticePanel({ data, onOpen, onMore }: Props) {
  const menu = usePermission().data?.menu;
  return (
    <div style={{ width: 340 }}>
      <Tabs
        centered
        items={[
          {
            key: 'annt',
            label: `通知（${data?.anntMsgTotal ?? 0}）`,
            children: <NoticeList items={data?.anntMsgList ?? []} onOpen={onOpen} />,
          },
          {
            key: 'sys',
            label: `系统消息（${data?.sysMsgTotal ?? 0}）`,
            children: <NoticeList items={data?.sysMsgList ?? []} onOpen={onOpen} />,
          },
        ]}
      />
      {menuHas(menu, ANNOUNCEMENT_PAGE) && (
        <div style={{ textAlign: 'center', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
          <Link to={ANNOUNCEMENT_PAGE} onClick={onMore}>
            查看更多
          </Link>
        </div>
      )}
    </div>
  );
}
