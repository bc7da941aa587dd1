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
  /** Electricity: prepaid or postpaid. */
  type?: 'prepaid' | 'postpaid';
}

export type VerifyResult =
  | { ok: true; customerName: string; details: Record<string, string | number | boolean | null> }
  | { ok: false; reason: 'invalid' | 'unreachable'; message: string };

export interface PayRequest {
  requestId: string;
  serviceId: string;
  billersCode: string;
  variationCode?: string | undefined;
  /** Kobo; sent to the upstream as naira. */
  amount: bigint;
  phone: string;
  subscriptionType?: 'change' | 'renew' | undefined;
  quantity?: number | undefined;
}

export type OrderStatus = 'delivered' | 'pending' | 'failed' | 'reversed';

/** What became of an order, read defensively from whatever the upstream answered. */
export interface PayOutcome {
  status: OrderStatus;
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
  customerName: string | null;
  /** Electricity: the address on the meter's account. */
  customerAddress: string | null;
  /** The operator should look (low upstream balance, credentials, whitelisting). */
  alertOperator: boolean;
}

export interface UpstreamAdapter {
  listServices(category: string): Promise<UpstreamService[]>;
  listVariations(serviceId: string): Promise<UpstreamVariation[]>;
  verify(request: VerifyRequest): Promise<VerifyResult>;
  /** Never throws for an upstream problem: an unknown outcome is `pending`, to be requeried. */
  pay(request: PayRequest): Promise<PayOutcome>;
  requery(requestId: string): Promise<PayOutcome>;
  /** Kobo. */
  balance(): Promise<bigint>;
}
