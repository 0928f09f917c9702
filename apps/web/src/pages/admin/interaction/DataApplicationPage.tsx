import { TicketAdminList } from './TicketAdminList';

export default function DataApplicationPage() {
  return <TicketAdminList kind="dataApplication" />;
}
