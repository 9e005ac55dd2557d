/** What a processor tells about a saved card: never its number. */
export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The processor's fingerprint of the card number: the same card gives the same one. */
  fingerprint?: string | null;
}
