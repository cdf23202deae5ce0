/** A collector's broker account: its serial (user name and client id) and device secret (password). */
export interface CollectorAccount {
  serial: string;
  secret: string;
}

/**
 * The broker's accounts of the collectors. The embedded broker checks each sign-in against the `collectors`
 * table itself and needs none (`noBrokerAccounts`); an external Mosquitto with the dynamic-security plugin is
 * given each collector's account and topic ACL as it is created or re-keyed, and loses it when the collector is
 * removed (`DynamicSecurityAccounts`), so that the broker refuses bad devices before the server sees them.
 * The secret is known only at these moments: the database keeps its hash (docs/decisions/0017-broker-accounts.md).
 */
export interface BrokerAccounts {
  /** Creates or replaces the accounts (a replaced one's connection is closed by the broker). */
  issue(accounts: readonly CollectorAccount[]): Promise<void>;
  /** Deletes the accounts of these serials; an unknown one is no error. */
  revoke(serials: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** For the embedded broker, which reads the device secrets' hashes from the database at each sign-in. */
export const noBrokerAccounts: BrokerAccounts = {
  issue: async () => undefined,
  revoke: async () => undefined,
  close: async () => undefined,
};
