/** A card whose plan a renewal extends, and the last day of service the payment gave it. */
export interface CardRenewal {
  iccid: string;
  /** New last day of service (YYYY-MM-DD). */
  expiresOn: string;
}

/**
 * What the console needs from a mobile carrier's IoT-card platform (China Mobile OneLink, China Unicom Jasper,
 * China Telecom CMP, or a reseller such as 1NCE or emnify). The `sim_cards` table is the console's copy of what the
 * carrier says; an adapter keeps it current and carries renewals out. The simulated carrier (SimulatedCarrier.ts)
 * is the working local implementation; a real adapter implements the same three calls against its platform's API:
 *
 * - `sync(today)` reads each card's lifecycle state, plan dates and traffic (OneLink: batch lifecycle and daily
 *   GPRS queries; 1NCE: `/sims` and `/sims/{iccid}/usage`) and writes them to `sim_cards` and `card_daily_usage`,
 *   mapping the carrier's states to the console's four (docs/cards.md) and keeping the raw state beside them.
 * - `renew(cards)` extends each card's plan to its new expiry and restarts a card stopped for expiry. It is called
 *   after a payment is committed, with the expiry the payment fixed; it must be idempotent (a retry after a crash
 *   renews to the same day, never by another period).
 * - `trafficSeen(collectorIds)` lets a simulated carrier count the traffic of collectors' messages; a real carrier
 *   counts it itself and ignores the call.
 */
export interface Carrier {
  readonly name: string;
  sync(today: string): Promise<void>;
  renew(cards: readonly CardRenewal[]): Promise<void>;
  trafficSeen(collectorIds: readonly number[]): void;
}
