import { ContentAdminPage, type ContentPageConfig } from './ContentAdminPage';

const CONFIG: ContentPageConfig = {
  area: 'studyWorld',
  kind: 'document',
  title: '资料管理',
  noun: '资料',
  titleParam: 'dataName',
  titleLabel: '资料名称',
};

/** 资料管理 (学习天地): 帮助文档、政策法规、数据规范 files with their release scope. */
export default function StudyWorldPage() {
  return <ContentAdminPage config={CONFIG} />;
}
