/** What the rest of AgentDesk knows of an upstream aggregator: one interface, whatever speaks behind it. */

export interface UpstreamService {
  serviceId: string;
  name: string;
  minimumAmount: bigint | null;
  maximumAmount: bigint | null;
  /** 'fix': priced by variation; 'flexible': any amount within bounds. */
  productType: 'fix' | 'flexible';
  image: string | null;
}

export interface UpstreamVariation {
  code: string;
  name: string;
  /** Kobo. */
  amount: bigint;
  fixedPrice: boolean;
}

export interface VerifyRequest {
  serviceId: string;
  billersCode: string;
  /** Electricity: prepaid or postpaid; JAMB: the PIN's variation code (utme, de). */
  type?: string;
}

export type VerifyResult =
  | { ok: true; customerName: string; details: Record<string, string | number | boolean | null> }
  | { ok: false; reason: 'invalid' | 'unreachable'; message: string };

export interface PayRequest {
  requestId: string;
  /** What is bought: the adapter sends the fields the upstream takes for it. */
  service: 'airtime' | 'data' | 'electricity' | 'cable' | 'result-checker';
  serviceId: string;
  billersCode: string;
  variationCode?: string | undefined;
  /** Kobo; sent to the upstream as naira. */
  amount: bigint;
  phone: string;
  subscriptionType?: 'change' | 'renew' | undefined;
  quantity?: number | undefined;
}

/**
 * What an upstream's answer to a pay or a requery means for the order, decided once, by the
 * adapter that read it (docs/decisions/029). Only `delivered`, `failed` and `reversed` settle
 * an order; the others never refund it and never pay it again.
 */
export type Verdict =
  /** The customer has the product. */
  | 'delivered'
  /** Definitively not delivered, and it never will be: safe to refund. */
  | 'failed'
  /** Delivered, then reversed by the upstream (which gave the money back): refund. */
  | 'reversed'
  /** No definitive answer (processing, a timeout, a dropped connection, an answer we cannot read): ask again later. */
  | 'unknown'
  /**
   * The upstream refused the call for a reason of the provider's account (its balance,
   * credentials, whitelisting, a suspended service): the operator must act. A refused pay was
   * not taken; a refused requery says nothing about the order.
   */
  | 'refused'
  /** A requery of a request the upstream has no record of. */
  | 'unknown-request';

/** What became of an order, read defensively from whatever the upstream answered. */
export interface PayOutcome {
  verdict: Verdict;
  /** The upstream's code ('000', '016', ...) or 'timeout' / 'no-response' / 'unexpected'. */
  code: string;
  message: string;
  upstreamTransactionId: string | null;
  /** What the upstream debited us, in kobo, when it says. */
  amountCharged: bigint | null;
  token: string | null;
  units: string | null;
  purchasedCode: string | null;
  cards: Array<{ serial: string; pin: string }>;
  /** A PIN sold without a serial (JAMB). */
  pin: string | null;
  customerName: string | null;
  /** Electricity: the address on the meter's account. */
  customerAddress: string | null;
}

/** An outcome that carries no product: an unknown, a refusal, a failure. Every adapter's one way to say one. */
export function bareOutcome(verdict: Verdict, code: string, message: string): PayOutcome {
  return {
    verdict,
    code,
    message,
    upstreamTransactionId: null,
    amountCharged: null,
    token: null,
    units: null,
    purchasedCode: null,
    cards: [],
    pin: null,
    customerName: null,
    customerAddress: null,
  };
}

export interface UpstreamAdapter {
  listServices(category: string): Promise<UpstreamService[]>;
  listVariations(serviceId: string): Promise<UpstreamVariation[]>;
  verify(request: VerifyRequest): Promise<VerifyResult>;
  /** A new id for a pay, in the form the upstream requires; a requery and a pay sent again use the same. */
  newRequestId(now: Date): string;
  /** Never throws for an upstream problem: an unknown outcome is `unknown`, to be requeried. */
  pay(request: PayRequest): Promise<PayOutcome>;
  /** Never throws either; `unknown-request` when the upstream has no record of the id. */
  requery(requestId: string): Promise<PayOutcome>;
  /** Kobo. */
  balance(): Promise<bigint>;
}
