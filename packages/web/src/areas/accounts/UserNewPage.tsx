import { AccountNew } from './AccountNew';

/** Spec 2.11 /manage/user/new. */
export default function UserNewPage() {
  return <AccountNew kind="client" />;
}
