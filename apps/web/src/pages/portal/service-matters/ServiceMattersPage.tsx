import { ServiceMattersPanel } from './ServiceMattersPanel';

/** `/service/matters`: the 事项主线目录, under 应用成果 (its breadcrumb and a link from that page). */
export default function ServiceMattersPage() {
  return (
    <div className="portal-section">
      <h1 className="sm-page-title">事项主线目录</h1>
      <ServiceMattersPanel />
    </div>
  );
}
