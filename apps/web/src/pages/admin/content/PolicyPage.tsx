import { ContentAdminPage, type ContentPageConfig } from './ContentAdminPage';

const CONFIG: ContentPageConfig = {
  area: 'information',
  kind: 'information',
  type: '2',
  title: '政策法规',
  noun: '政策',
  titleParam: 'informationName',
  titleLabel: '政策标题',
};

/** 政策法规 (内容管理 › 政策法规). */
export default function PolicyPage() {
  return <ContentAdminPage config={CONFIG} />;
}
