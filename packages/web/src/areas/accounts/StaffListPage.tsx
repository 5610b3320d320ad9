import { AccountList } from './AccountList';

/** Spec 2.10 /manage/analyst: administrator and analyst accounts. */
export default function StaffListPage() {
  return <AccountList kind="staff" />;
}
