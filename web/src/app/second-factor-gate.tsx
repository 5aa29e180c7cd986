import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../shared/auth/auth-context';
import { safeReturnTo } from '../shared/auth/return-to';
import { TWO_STEP_PATH } from '../shared/paths/account';

/** The signed-in parts of the site, which a staff account without two-step sign-in cannot use yet. */
const SIGNED_IN_PARTS = ['/account', '/staff', '/teach', '/join'];

/**
 * Sends a staff account that has no second factor from the signed-in pages to
 * the page that sets one up, and back once it is on. The server refuses their
 * calls anyway (`second-factor-required`): this spares them a page of errors.
 */
export function SecondFactorGate() {
  const { user } = useAuth();
  const [location, navigate] = useLocation();
  const mustSetUp = user?.mustSetUpSecondFactor === true;
  useEffect(() => {
    if (!mustSetUp || location === TWO_STEP_PATH) return;
    if (!SIGNED_IN_PARTS.some((part) => location === part || location.startsWith(`${part}/`))) return;
    const back = safeReturnTo(location);
    navigate(back === '/' ? TWO_STEP_PATH : `${TWO_STEP_PATH}?returnTo=${encodeURIComponent(back)}`, { replace: true });
  }, [mustSetUp, location, navigate]);
  return null;
}
