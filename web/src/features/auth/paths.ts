/** Pages of the accounts feature, beyond /login itself. */
export const FORGOT_PASSWORD_PATH = '/login/forgot';
/** Where the link in a reset mail leads (the server writes the same path into the mail). */
export const RESET_PASSWORD_PATH = '/login/reset';
