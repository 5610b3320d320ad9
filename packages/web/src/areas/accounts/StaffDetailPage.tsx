import { AccountDetail } from './AccountDetail';

/** Spec 2.10 /manage/analyst/:id. */
export default function StaffDetailPage() {
  return <AccountDetail kind="staff" />;
}
