import { post, request } from '../../shared/lib/api-client';
import { userOf, type UserBody } from '../../shared/auth/auth-api';
import { signInResultOf } from './sign-in-api';

/**
 * Passkeys in the browser (WebAuthn). The server sends its options as JSON with
 * binary fields in base64url; these helpers turn them into what
 * `navigator.credentials` takes, and its answer back into JSON, by hand so that
 * every browser with WebAuthn can use them (not only those with
 * `PublicKeyCredential.parseCreationOptionsFromJSON`).
 */

/** A challenge from the server: its token, and the options for the browser. */
export interface Challenge {
  readonly token: string;
  readonly options: { readonly publicKey: Record<string, unknown> };
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;
}

function fromBase64Url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return bytes.buffer;
}

function toBase64Url(buffer: ArrayBuffer | null | undefined): string | undefined {
  if (!buffer) return undefined;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

type Descriptor = { id: string; type: string; transports?: string[] };
const descriptors = (list: unknown) =>
  ((list as Descriptor[] | undefined) ?? []).map((item) => ({ ...item, id: fromBase64Url(item.id) }));

/** Asks the authenticator for a new credential; its answer as the server reads it. */
export async function createCredential(challenge: Challenge): Promise<unknown> {
  const options = challenge.options.publicKey;
  const user = options.user as { id: string; name: string; displayName: string };
  const credential = (await navigator.credentials.create({
    publicKey: {
      ...(options as unknown as PublicKeyCredentialCreationOptions),
      challenge: fromBase64Url(options.challenge as string),
      user: { ...user, id: fromBase64Url(user.id) },
      excludeCredentials: descriptors(options.excludeCredentials) as PublicKeyCredentialDescriptor[],
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new PasskeyCancelled();
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    response: {
      attestationObject: toBase64Url(response.attestationObject),
      clientDataJSON: toBase64Url(response.clientDataJSON),
      transports: response.getTransports?.() ?? [],
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/** Asks the authenticator to sign the challenge; its answer as the server reads it. */
export async function getCredential(challenge: Challenge): Promise<unknown> {
  const options = challenge.options.publicKey;
  const credential = (await navigator.credentials.get({
    publicKey: {
      ...(options as unknown as PublicKeyCredentialRequestOptions),
      challenge: fromBase64Url(options.challenge as string),
      allowCredentials: descriptors(options.allowCredentials) as PublicKeyCredentialDescriptor[],
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new PasskeyCancelled();
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    response: {
      authenticatorData: toBase64Url(response.authenticatorData),
      clientDataJSON: toBase64Url(response.clientDataJSON),
      signature: toBase64Url(response.signature),
      userHandle: toBase64Url(response.userHandle),
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/** The person closed the browser's passkey dialog, or it timed out. */
export class PasskeyCancelled extends Error {
  constructor() {
    super('No passkey was used. Try again, or sign in another way.');
    this.name = 'PasskeyCancelled';
  }
}

/**
 * What to say when the browser's dialog ended without a passkey: the person
 * closed it (`NotAllowedError`), or the authenticator already holds one for
 * this account (`InvalidStateError`).
 */
export function passkeyProblem(error: unknown): Error | null {
  if (error instanceof PasskeyCancelled) return error;
  if (error instanceof DOMException && error.name === 'NotAllowedError') return new PasskeyCancelled();
  if (error instanceof DOMException && error.name === 'InvalidStateError') {
    return new Error('This passkey is already added to your account.');
  }
  return null;
}

async function answered<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    throw passkeyProblem(error) ?? error;
  }
}

export const passkeySignIn = {
  /**
   * Signs in with a passkey: the browser lets the person pick one of this site's.
   * It signs in alone, unless it was added before the account needed two-step
   * sign-in: then the account's code follows (`secondFactor`).
   */
  signIn: async (remember: boolean) => {
    const challenge = await post<Challenge>('/api/auth/passkey/challenge', {});
    const credential = await answered(() => getCredential(challenge));
    return post<UserBody>('/api/auth/passkey', { token: challenge.token, credential, remember }).then(signInResultOf);
  },
  /** Whether the waiting sign-in's account can answer its second step with a passkey. */
  ways: () => request<{ passkeys: boolean }>('/api/auth/second-factor'),
  /** The second step, answered by one of the account's passkeys or security keys. */
  secondStep: async () => {
    const challenge = await post<Challenge>('/api/auth/second-factor/passkey/challenge', {});
    const credential = await answered(() => getCredential(challenge));
    return post<UserBody>('/api/auth/second-factor/passkey', { token: challenge.token, credential }).then(userOf);
  },
  answered,
};
