import { Link } from 'react-router-dom';
import { isBuilt } from '@/app/site';
import { useSiteConfig } from './useSiteConfig';

const DOCUMENTS = [
  { title: '开放协议', href: '/docs/open-agreement.pdf' },
  { title: '用户手册', href: '/docs/user-manual.pdf' },
  { title: '版权声明', href: '/docs/copyright.pdf' },
  { title: '隐私声明', href: '/docs/privacy.pdf' },
];
const HELP_CENTRE = '/helpCenter/problemManual';
const FUNCTION_NAVIGATION = '/system/FunctionNavigation';

export function PortalFooter() {
  const site = useSiteConfig();
  const contact = [
    `主办单位：${site.sponsor || '滨江市大数据管理局'}`,
    site.address && `地址：${site.address}`,
    site.phone && `联系电话：${site.phone}`,
    site.servicePhone && `服务热线：${site.servicePhone}`,
  ].filter(Boolean);
  const codes = [site.icp, site.police, site.siteCode && `网站标识码：${site.siteCode}`].filter(Boolean);

  return (
    <footer className="portal-footer">
      <div className="portal-footer-inner">
        <nav className="portal-footer-links" aria-label="站点文档">
          {DOCUMENTS.map((doc) => (
            <a key={doc.href} href={doc.href} target="_blank" rel="noreferrer">
              {doc.title}
            </a>
          ))}
          {isBuilt(HELP_CENTRE) ? <Link to={HELP_CENTRE}>帮助中心</Link> : <span>帮助中心</span>}
          {isBuilt(FUNCTION_NAVIGATION) && <Link to={FUNCTION_NAVIGATION}>功能导航</Link>}
        </nav>
        <p>{contact.join('　|　')}</p>
        {codes.length > 0 && <p>{codes.join('　|　')}</p>}
        <p className="portal-footer-note">建议使用 Chrome、Edge 等现代浏览器，分辨率 1366×768 及以上访问本站</p>
      </div>
    </footer>
  );
}
