/** Who is calling: set by `authenticate` from the access token and the database, on every call. */
export interface AuthContext {
  userId: number;
  userCode: string;
  roleId: number;
  /** A distributor's own code, an installer's bound code. */
  dealercode: string | null;
  /** Route names this caller's role may open and call. */
  menuList: readonly string[];
  /** The session (refresh family) id of this access token. */
  sid: string;
}
