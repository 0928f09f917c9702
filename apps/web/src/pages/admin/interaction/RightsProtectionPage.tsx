import { TicketAdminList } from './TicketAdminList';

export default function RightsProtectionPage() {
  return <TicketAdminList kind="rightsProtection" />;
}
