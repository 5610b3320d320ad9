import { RecordListPage } from '../../records/RecordList';
import { EC_KIND } from './ecKind';

/** Document 3, section 2 "Marketplace record list" (/ec-list): the shared record list with the EC kind. */
export default function EcListPage() {
  return <RecordListPage kind={EC_KIND} />;
}
