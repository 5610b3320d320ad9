import { AccountList } from './AccountList';

/** Spec 2.11 /manage/user: client users. */
export default function UserListPage() {
  return <AccountList kind="client" />;
}
