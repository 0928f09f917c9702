import { ServiceMattersPanel } from './ServiceMattersPanel';

/** `/service/matters`: the 事项主线目录 on a page of its own (later a tab of 应用成果). */
export default function ServiceMattersPage() {
  return (
    <div className="portal-section">
      <h1 className="sm-page-title">事项主线目录</h1>
      <ServiceMattersPanel />
    </div>
  );
}
