import { ShareListPage } from './ShareListPage';
import { MY_DATA } from './share-lists';

/** 我的数据 (/datasharing/releaseing): the data the department obtained, in use or released. */
export default function MyDataPage() {
  return <ShareListPage list={MY_DATA} />;
}
