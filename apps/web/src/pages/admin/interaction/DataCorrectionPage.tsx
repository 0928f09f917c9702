import { TicketAdminList } from './TicketAdminList';

export default function DataCorrectionPage() {
  return <TicketAdminList kind="dataCorrection" />;
}
