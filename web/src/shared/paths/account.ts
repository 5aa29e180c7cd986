/** Pages of the accounts feature, beyond /login itself. */
export const FORGOT_PASSWORD_PATH = '/login/forgot';
/** Where the link in a reset mail leads (the server writes the same path into the mail). */
export const RESET_PASSWORD_PATH = '/login/reset';
/** The signed-in user's account page. */
export const ACCOUNT_PATH = '/account';
/** Where the link in a verification mail leads (the server writes the same path into the mail). */
export const VERIFY_EMAIL_PATH = '/account/verify';
