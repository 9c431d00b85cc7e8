/**
 * Spec section 4: the push token is sent at start and then hourly, only when logged in and only
 * when it changed. The last token sent is remembered per member (another member on the same
 * device sends theirs).
 */
export const TOKEN_SYNC_INTERVAL_MS = 60 * 60 * 1000;
export const lastTokenKey = (memberId: string) => `lunchchat.fcmToken.${memberId}`;

export interface TokenSyncDeps {
  memberId: () => string | null;
  getToken: () => Promise<string | null>;
  send: (token: string) => Promise<unknown>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

export type SyncResult = 'signed-out' | 'no-token' | 'unchanged' | 'sent' | 'failed';

export function createTokenSync(deps: TokenSyncDeps): () => Promise<SyncResult> {
  let running: Promise<SyncResult> | undefined;
  const run = async (): Promise<SyncResult> => {
    const member = deps.memberId();
    if (!member) return 'signed-out';
    let token: string | null;
    try {
      token = await deps.getToken();
    } catch (error) {
      console.warn('push token unavailable', error);
      return 'no-token';
    }
    if (!token) return 'no-token';
    // Signed out (or another member signed in) while the token was being fetched.
    if (deps.memberId() !== member) return 'signed-out';
    if (deps.storage.getItem(lastTokenKey(member)) === token) return 'unchanged';
    try {
      await deps.send(token);
    } catch (error) {
      console.warn('push token not sent', error);
      return 'failed';
    }
    deps.storage.setItem(lastTokenKey(member), token);
    return 'sent';
  };
  // One sync at a time; a call during one shares it.
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}
