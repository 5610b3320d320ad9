import { RecordDetailPage } from '../../records/RecordDetailPage';
import { EC_KIND } from './ecKind';

/**
 * Document 3, section 2 "Marketplace record detail" (/ec-data/{cid}/{rid}?num&total&<the list's query>): the tabs,
 * categorized info, the client's response and the report info in four steps.
 */
export default function EcDetailPage() {
  return <RecordDetailPage kind={EC_KIND} />;
}
