import { RecordListPage } from '../../records/RecordList';
import { SNS_KIND } from './snsKind';

/** The social media record list (/sns-list): the shared record list with the SNS kind. */
export default function SnsListPage() {
  return <RecordListPage kind={SNS_KIND} />;
}
