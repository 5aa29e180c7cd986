import { createCredential, passkeySignIn, type Challenge } from '../passkeys';
import { post, request } from '../../../shared/lib/api-client';
import type { Proof } from './two-step-api';

/** A passkey (signs in alone) or security key (a second step only), as the account page lists it. */
export interface Passkey {
  readonly id: string;
  readonly name: string;
  readonly kind: 'passkey' | 'security-key';
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  /**
   * Added after two-step sign-in: it signs in alone even where the account must
   * sign in in two steps. One added before is then followed by the code.
   */
  readonly withSecondStep: boolean;
}

export interface PasskeyList {
  readonly passkeys: readonly Passkey[];
  /** How many one account may have. */
  readonly max: number;
}

const BASE = '/api/account/passkeys';

export const passkeysApi = {
  list: () => request<PasskeyList>(BASE),
  /** The identity check, then the browser makes the credential, then the server keeps it. */
  add: async (kind: Passkey['kind'], name: string, proof: Proof) => {
    const challenge = await post<Challenge>(`${BASE}/challenge`, { kind, ...proof });
    const credential = await passkeySignIn.answered(() => createCredential(challenge));
    return post<PasskeyList>(BASE, { token: challenge.token, name, credential });
  },
  remove: (id: string, proof: Proof) => post<PasskeyList>(`${BASE}/${encodeURIComponent(id)}/remove`, proof),
};
