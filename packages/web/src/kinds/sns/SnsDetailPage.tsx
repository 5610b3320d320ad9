import { RecordDetailPage } from '../../records/RecordDetailPage';
import { SNS_KIND } from './snsKind';

/**
 * The social media record detail (/sns-data/{cid}/{rid}?num&total&<the list's query>): the scan, the account, the post
 * and the matching reasons, then categorized info, the client's response and the report info in four steps.
 */
export default function SnsDetailPage() {
  return <RecordDetailPage kind={SNS_KIND} />;
}
