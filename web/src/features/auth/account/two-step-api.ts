import { post, request } from '../../../shared/lib/api-client';

/** Two-step sign-in as the account page shows it (`/api/account/second-factor`). */
export interface TwoStepStatus {
  readonly on: boolean;
  /** When it was turned on. */
  readonly since: number | null;
  readonly recoveryCodesLeft: number;
  /** The account holds a staff role, so it must have two-step sign-in. */
  readonly required: boolean;
  /** The server can seal keys: two-step sign-in can be set up. */
  readonly available: boolean;
  /** The identity check asks for the password (else for a recent sign-in). */
  readonly hasPassword: boolean;
}

/** A key waiting for its first code: as text to type, and as the address the QR code carries. */
export interface NewKey {
  readonly key: string;
  readonly uri: string;
}

interface StatusBody {
  readonly status: TwoStepStatus;
  /** Only in the answer that made them: shown once. */
  readonly recoveryCodes?: readonly string[];
}

export interface Proof {
  readonly password?: string;
  readonly code?: string;
}

const BASE = '/api/account/second-factor';

export const twoStepApi = {
  status: () => request<StatusBody>(BASE).then(({ status }) => status),
  /** A new key, after the password (or a recent sign-in, for an account without one). */
  start: (proof: Proof) => post<{ setup: NewKey }>(`${BASE}/start`, proof).then(({ setup }) => setup),
  confirm: (code: string) => post<StatusBody>(`${BASE}/confirm`, { code }),
  renewCodes: (proof: Proof) => post<StatusBody>(`${BASE}/recovery-codes`, proof),
  turnOff: (proof: Proof) => post<StatusBody>(`${BASE}/off`, proof).then(({ status }) => status),
};
