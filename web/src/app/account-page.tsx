import AccountPage from '../features/auth/account/account-page';
import { ClassesSection } from '../features/join/classes-section';

/**
 * /account as the router loads it (its own chunk): the account feature's page,
 * holding the join feature's "Your classes". Put together here, since a feature
 * never imports another.
 */
export default function Account() {
  return <AccountPage ClassesSection={ClassesSection} />;
}
