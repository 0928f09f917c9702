import { Link } from 'react-router-dom';
import { detailPath } from '@/components/portal/links';

/** An entry's name, a link to its detail while it is on the portal, plain text (marked) once it left. */
export function EntryLink({ entry }: { entry: { catalogId: string; catalogName: string; available: boolean } }) {
  if (entry.available) return <Link to={detailPath(entry.catalogId)}>{entry.catalogName}</Link>;
  return (
    <span className="centre-gone">
      {entry.catalogName}
      <span className="centre-muted">（已下架）</span>
    </span>
  );
}
