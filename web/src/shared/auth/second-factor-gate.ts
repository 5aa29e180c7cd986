import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { TWO_STEP_PATH } from '../paths/account';
import { useAuth } from './auth-context';
import { safeReturnTo } from './return-to';

/**
 * Sends a staff account that has no second factor from a signed-in page (the
 * account, staff, teaching and joining pages call this) to the page that sets
 * one up, and back once it is on. The server refuses their calls anyway
 * (`second-factor-required`): this spares them a page of errors. Called by the
 * pages, not the shell, so a visitor's first page does not carry it.
 */
export function useSecondFactorGate() {
  const { user } = useAuth();
  const [location, navigate] = useLocation();
  const mustSetUp = user?.mustSetUpSecondFactor === true;
  useEffect(() => {
    if (!mustSetUp || location === TWO_STEP_PATH) return;
    const back = safeReturnTo(location);
    navigate(back === '/' ? TWO_STEP_PATH : `${TWO_STEP_PATH}?returnTo=${encodeURIComponent(back)}`, { replace: true });
  }, [mustSetUp, location, navigate]);
}
