import { RecordListPage } from '../../records/RecordList';
import { WS_KIND } from './wsKind';

/** Document 3, section 2 "Website record list" (/ws-list): the shared record list with the WS kind. */
export default function WsListPage() {
  return <RecordListPage kind={WS_KIND} />;
}
