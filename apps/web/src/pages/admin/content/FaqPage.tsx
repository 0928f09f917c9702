import { ContentAdminPage, type ContentPageConfig } from './ContentAdminPage';

const CONFIG: ContentPageConfig = {
  area: 'commonQuestion',
  kind: 'faq',
  title: '常见问题',
  noun: '常见问题',
  titleParam: 'question',
  titleLabel: '问题',
};

/** 常见问题: 上架/下架 and sort order of the help centre's questions. */
export default function FaqPage() {
  return <ContentAdminPage config={CONFIG} />;
}
