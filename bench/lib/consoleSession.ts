/** The console's own client credentials (Basic), as its sign-in and token refresh send them. */
const CONSOLE_CLIENT = `Basic ${Buffer.from('console:console-secret').toString('base64')}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One console user's session, as the console keeps it: signed in through the sign-in form, its access token sent
 * with every call, and renewed with the refresh token when the server answers 401 (an access token lives 30
 * minutes by default, as long as a soak).
 */
export class ConsoleSession {
  /** Refreshes that renewed the access token. */
  refreshes = 0;
  /** Sign-in attempts answered 429 (too many from this address) before it went through. */
  limited = 0;

  private constructor(
    private readonly base: string,
    private tokenType: string,
    private accessToken: string,
    private refreshToken: string,
  ) {}

  /**
   * Signs `userCode` in at `base` (the server's `/prod-api`). A 429 (sign-in is limited per address) is waited
   * out and tried again, as a person would; any other refusal throws.
   */
  static async signIn(base: string, userCode: string, password: string): Promise<ConsoleSession> {
    for (let limited = 0; ; limited++) {
      const form = new FormData();
      form.set('username', userCode);
      form.set('password', password);
      const res = await fetch(`${base}/authentication/form`, {
        method: 'POST',
        headers: { authorization: CONSOLE_CLIENT },
        body: form,
      });
      if (res.status === 429) {
        await res.arrayBuffer();
        await sleep(5000);
        continue;
      }
      if (!res.ok) throw new Error(`sign-in of ${userCode}: ${res.status} ${await res.text()}`);
      const { token } = (
        (await res.json()) as {
          data: { token: { token_type: string; access_token: string; refresh_token: string } };
        }
      ).data;
      const session = new ConsoleSession(base, token.token_type, token.access_token, token.refresh_token);
      session.limited = limited;
      return session;
    }
  }

  /** The headers that carry the access token. */
  headers(): { authorization: string } {
    return { authorization: `${this.tokenType} ${this.accessToken}` };
  }

  /** Exchanges the refresh token for a new pair (`POST /oauth/token`); false when the server refuses. */
  async refresh(): Promise<boolean> {
    const res = await fetch(`${this.base}/oauth/token`, {
      method: 'POST',
      headers: { authorization: CONSOLE_CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: this.refreshToken }),
    }).catch(() => undefined);
    if (!res?.ok) {
      await res?.arrayBuffer();
      return false;
    }
    const data = (
      (await res.json()) as {
        data: { tokenType: string; value: string; refreshToken: { value: string } };
      }
    ).data;
    this.tokenType = data.tokenType;
    this.accessToken = data.value;
    this.refreshToken = data.refreshToken.value;
    this.refreshes++;
    return true;
  }
}
