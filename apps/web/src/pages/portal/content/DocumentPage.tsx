import { useLocation } from 'react-router-dom';
import { DocumentList } from './DocumentList';
import './content.css';

const PAGES: Record<string, { type: string; title: string }> = {
  '/system/policyrule': { type: '2', title: '政策法规' },
  '/system/datastandard': { type: '3', title: '数据规范' },
};

/** `/system/policyrule` and `/system/datastandard`: the published documents of one study-world type. */
export default function DocumentPage() {
  const { pathname } = useLocation();
  const page = PAGES[pathname] ?? PAGES['/system/policyrule'];
  return (
    <div className="portal-section">
      <section className="content-body" aria-labelledby="content-doc-heading">
        <h1 id="content-doc-heading" style={{ fontSize: 20, marginTop: 0 }}>
          {page.title}
        </h1>
        <DocumentList key={page.type} type={page.type} label={page.title} />
      </section>
    </div>
  );
}
