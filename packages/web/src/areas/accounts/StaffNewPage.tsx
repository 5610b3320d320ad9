import { AccountNew } from './AccountNew';

/** Spec 2.10 /manage/analyst/new. */
export default function StaffNewPage() {
  return <AccountNew kind="staff" />;
}
