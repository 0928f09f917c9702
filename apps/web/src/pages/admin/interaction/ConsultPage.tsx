import { TicketAdminList } from './TicketAdminList';

export default function ConsultPage() {
  return <TicketAdminList kind="consult" />;
}
