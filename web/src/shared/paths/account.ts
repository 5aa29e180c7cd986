/** Pages of the accounts feature, beyond /login itself. */
export const FORGOT_PASSWORD_PATH = '/login/forgot';
/** Where the link in a reset mail leads (the server writes the same path into the mail). */
export const RESET_PASSWORD_PATH = '/login/reset';
/** The signed-in user's account page. */
export const ACCOUNT_PATH = '/account';
/** Where the link in a verification mail leads (the server writes the same path into the mail). */
export const VERIFY_EMAIL_PATH = '/account/verify';
/** The second step of a sign-in, for accounts with two-step sign-in. */
export const SECOND_FACTOR_PATH = '/login/second-factor';
/** Where an account sets up, and manages, two-step sign-in. */
export const TWO_STEP_PATH = '/account/two-step';

/** The second step's page, going on to `returnTo` once done (`remember`: the first step's "Remember me"). */
export function secondFactorHref(returnTo: string, remember = false): string {
  const query = new URLSearchParams({ returnTo });
  if (remember) query.set('remember', '1');
  return `${SECOND_FACTOR_PATH}?${query.toString()}`;
}
