import { AccountDetail } from './AccountDetail';

/** Spec 2.11 /manage/user/:id. */
export default function UserDetailPage() {
  return <AccountDetail kind="client" />;
}
