import { ContentAdminPage, type ContentPageConfig } from './ContentAdminPage';

const CONFIG: ContentPageConfig = {
  area: 'information',
  kind: 'information',
  type: '1',
  title: '新闻动态',
  noun: '新闻',
  titleParam: 'informationName',
  titleLabel: '新闻标题',
};

/** 新闻动态 (内容管理 › 新闻动态). */
export default function NewsPage() {
  return <ContentAdminPage config={CONFIG} />;
}
