import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { authApi, type CurrentUser } from './auth-api';

interface AuthState {
  /**
   * `undefined` until the session is known (always so in prerendered HTML, and
   * while the server cannot be reached: not knowing is not being signed out).
   */
  readonly user: CurrentUser | null | undefined;
  readonly setUser: (user: CurrentUser | null) => void;
  /** Asks the server again who is signed in. */
  readonly refresh: () => Promise<CurrentUser | null>;
}

const AuthContext = createContext<AuthState>({
  user: undefined,
  setUser: () => {},
  refresh: async () => null,
});

/**
 * Holds the signed-in user for the whole app. The session lives in an
 * HttpOnly cookie the page cannot read, so the server is asked once the page
 * has loaded; prerendered pages always start signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    const current = await authApi.session().catch(() => undefined);
    if (current !== undefined) setUser(current);
    return current ?? null;
  }, []);

  // Subscribes to the server's answer; the state is set when it arrives, not
  // during the effect. As a transition: a page whose own chunk is still on its
  // way has not finished hydrating, and an urgent change of context above it
  // would make React drop its server HTML for the loading fallback (a layout
  // shift); a transition waits for the page instead.
  useEffect(() => {
    let current = true;
    authApi
      .session()
      .catch(() => undefined)
      .then((answer) => {
        if (current && answer !== undefined) startTransition(() => setUser(answer));
      });
    return () => {
      current = false;
    };
  }, []);

  const value = useMemo(() => ({ user, setUser, refresh }), [user, refresh]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
