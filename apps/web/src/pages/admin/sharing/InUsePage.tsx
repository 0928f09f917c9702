import { ShareListPage } from './ShareListPage';
import { IN_USE } from './share-lists';

/** 正在使用 (/datasharing/useing): the department's granted applications. */
export default function InUsePage() {
  return <ShareListPage list={IN_USE} />;
}
