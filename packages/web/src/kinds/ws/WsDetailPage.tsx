import { RecordDetailPage } from '../../records/RecordDetailPage';
import { WS_KIND } from './wsKind';

/**
 * Document 3, section 2 "Website record detail" (/ws-data/{cid}/{rid}?num&total&<the list's query>): scrape info with
 * the whois, categorized info, the client's response and the report info in four steps.
 */
export default function WsDetailPage() {
  return <RecordDetailPage kind={WS_KIND} />;
}
