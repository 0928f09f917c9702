import { Constants, PAGE_DATA_KEYS, Perm, type PictureRecord, pictureSrcSet } from '@odp/contracts';
import { menuButton as button, defineModule } from '../../../platform/module.js';
import { presentPicture } from './repository.js';
import { pictureRoutes } from './routes.js';
import { listPictures } from './service.js';

export const pictureModule = defineModule({
  name: 'picture',
  routes: [pictureRoutes],
  pageData: [
    {
      // The slideshow is the home's largest paint on every screen: its list and its first picture
      // arrive with the page.
      page: Constants.portalHomePath,
      key: PAGE_DATA_KEYS.homePictures,
      load: ({ db, apiBase }) => listPictures(db, (row) => presentPicture(row, apiBase)),
      preload: (pictures) =>
        (pictures as PictureRecord[])
          .slice(0, 1)
          .map((p) => ({ href: p.url, srcset: pictureSrcSet(p.url), sizes: '100vw' })),
    },
  ],
  menus: [
    {
      parent: '/system',
      order: 8,
      name: '轮播图管理',
      menuType: 1,
      path: '/system/picture',
      component: 'admin/system/PicturePage',
      icon: 'AppstoreOutlined',
      perms: Perm.pictureList,
      children: [button('维护轮播图', Perm.pictureEdit)],
    },
  ],
});
