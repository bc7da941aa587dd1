/** The sandbox's catalogue: realistic Nigerian products at plausible 2026 prices (naira). */

export interface SandboxService {
  serviceID: string;
  name: string;
  category: 'airtime' | 'data' | 'electricity-bill' | 'tv-subscription' | 'education';
  minimum: number;
  maximum: number;
  productType: 'fix' | 'flexible';
  /** Upstream commission to the provider, percent. */
  commission: number;
  variations?: Array<{ code: string; name: string; amount: number }>;
}

export const CATEGORIES = [
  { identifier: 'airtime', name: 'Airtime Recharge' },
  { identifier: 'data', name: 'Data Services' },
  { identifier: 'electricity-bill', name: 'Electricity Bill' },
  { identifier: 'tv-subscription', name: 'TV Subscription' },
  { identifier: 'education', name: 'Education' },
] as const;

/** [size, naira, validity] → a data plan per network. */
type Plan = [string, number, string];
const DATA_PLANS: Record<string, Plan[]> = {
  mtn: [
    ['110MB', 100, '1 day'],
    ['230MB', 200, '1 day'],
    ['500MB', 350, '7 days'],
    ['1GB', 500, '1 day'],
    ['1.5GB', 1000, '7 days'],
    ['2GB', 1500, '30 days'],
    ['3.5GB', 2500, '30 days'],
    ['7GB', 3500, '30 days'],
    ['10GB', 4500, '30 days'],
    ['20GB', 7500, '30 days'],
    ['40GB', 11000, '30 days'],
    ['75GB', 18000, '30 days'],
  ],
  glo: [
    ['105MB', 100, '1 day'],
    ['350MB', 200, '2 days'],
    ['1.35GB', 500, '14 days'],
    ['2.9GB', 1000, '30 days'],
    ['5.8GB', 2000, '30 days'],
    ['7.7GB', 2500, '30 days'],
    ['10GB', 3000, '30 days'],
    ['13.25GB', 4000, '30 days'],
    ['18.25GB', 5000, '30 days'],
    ['29.5GB', 8000, '30 days'],
    ['50GB', 10000, '30 days'],
  ],
  airtel: [
    ['100MB', 100, '1 day'],
    ['300MB', 300, '2 days'],
    ['1GB', 500, '1 day'],
    ['1.5GB', 1000, '7 days'],
    ['2GB', 1500, '30 days'],
    ['3GB', 2000, '30 days'],
    ['4.5GB', 2500, '30 days'],
    ['10GB', 4000, '30 days'],
    ['18GB', 6000, '30 days'],
    ['25GB', 8000, '30 days'],
    ['40GB', 10000, '30 days'],
  ],
  etisalat: [
    ['100MB', 100, '1 day'],
    ['650MB', 500, '3 days'],
    ['1.5GB', 1000, '30 days'],
    ['2GB', 1200, '30 days'],
    ['3GB', 1500, '30 days'],
    ['4.5GB', 2000, '30 days'],
    ['11GB', 4000, '30 days'],
    ['15GB', 5000, '30 days'],
    ['40GB', 10000, '30 days'],
    ['75GB', 15000, '30 days'],
  ],
  'glo-sme': [
    ['500MB', 150, '30 days'],
    ['1GB', 280, '30 days'],
    ['2GB', 560, '30 days'],
    ['3GB', 840, '30 days'],
    ['5GB', 1400, '30 days'],
    ['10GB', 2800, '30 days'],
    ['15GB', 4200, '30 days'],
    ['20GB', 5600, '30 days'],
    ['30GB', 8400, '30 days'],
    ['50GB', 14000, '30 days'],
  ],
};

const NETWORKS = [
  { id: 'mtn', name: 'MTN' },
  { id: 'glo', name: 'GLO' },
  { id: 'airtel', name: 'Airtel' },
  { id: 'etisalat', name: '9mobile' },
] as const;

const DISCOS: Array<[string, string]> = [
  ['ikeja-electric', 'Ikeja Electric (IKEDC)'],
  ['eko-electric', 'Eko Electric (EKEDC)'],
  ['kano-electric', 'Kano Electric (KEDCO)'],
  ['portharcourt-electric', 'Port Harcourt Electric (PHED)'],
  ['jos-electric', 'Jos Electric (JED)'],
  ['ibadan-electric', 'Ibadan Electric (IBEDC)'],
  ['kaduna-electric', 'Kaduna Electric (KAEDCO)'],
  ['abuja-electric', 'Abuja Electric (AEDC)'],
  ['enugu-electric', 'Enugu Electric (EEDC)'],
  ['benin-electric', 'Benin Electric (BEDC)'],
  ['aba-electric', 'Aba Power (APLE)'],
  ['yola-electric', 'Yola Electric (YEDC)'],
];

const TV: Array<{ id: string; name: string; variations: Array<[string, string, number]> }> = [
  {
    id: 'dstv',
    name: 'DStv Subscription',
    variations: [
      ['dstv-padi', 'DStv Padi', 4400],
      ['dstv-yanga', 'DStv Yanga', 6000],
      ['dstv-confam', 'DStv Confam', 11000],
      ['dstv79', 'DStv Compact', 19000],
      ['dstv7', 'DStv Compact Plus', 30000],
      ['dstv3', 'DStv Premium', 44500],
    ],
  },
  {
    id: 'gotv',
    name: 'GOtv Subscription',
    variations: [
      ['gotv-smallie', 'GOtv Smallie', 1900],
      ['gotv-jinja', 'GOtv Jinja', 3900],
      ['gotv-jolli', 'GOtv Jolli', 5800],
      ['gotv-max', 'GOtv Max', 8500],
      ['gotv-supa', 'GOtv Supa', 11400],
      ['gotv-supa-plus', 'GOtv Supa Plus', 16800],
    ],
  },
  {
    id: 'startimes',
    name: 'StarTimes Subscription',
    variations: [
      ['nova', 'Nova', 2100],
      ['basic', 'Basic', 4000],
      ['smart', 'Smart', 5100],
      ['classic', 'Classic', 6000],
      ['super', 'Super', 9800],
    ],
  },
  {
    id: 'showmax',
    name: 'Showmax',
    variations: [
      ['showmax-mobile', 'Showmax Mobile', 1600],
      ['showmax-entertainment', 'Showmax Entertainment', 3500],
      ['showmax-premier-league', 'Showmax Premier League', 5400],
    ],
  },
];

/**
 * The exam PINs VTpass sells: WAEC result checker, WAEC registration and JAMB. NECO and
 * NABTEB are not VTpass products; they return with an upstream that sells them (decision 030).
 */
const EXAMS: Array<{ id: string; name: string; variations: Array<[string, string, number]> }> = [
  { id: 'waec', name: 'WAEC Result Checker PIN', variations: [['waecdirect', 'WAEC Result Checker PIN', 3900]] },
  {
    id: 'waec-registration',
    name: 'WAEC Registration PIN',
    variations: [['waec-registraion', 'WAEC Registration PIN', 25000]],
  },
  {
    id: 'jamb',
    name: 'JAMB PIN (UTME and Direct Entry)',
    variations: [
      ['utme', 'UTME PIN', 7700],
      ['de', 'Direct Entry PIN', 7700],
    ],
  },
];

export const SANDBOX_SERVICES: SandboxService[] = [
  ...NETWORKS.map((network) => ({
    serviceID: network.id,
    name: `${network.name} Airtime VTU`,
    category: 'airtime' as const,
    minimum: 50,
    maximum: 50000,
    productType: 'flexible' as const,
    commission: 3,
  })),
  ...[...NETWORKS, { id: 'glo-sme', name: 'GLO SME' }].map((network) => ({
    serviceID: `${network.id}-data`,
    name: `${network.name} Data`,
    category: 'data' as const,
    minimum: 1,
    maximum: 100000,
    productType: 'fix' as const,
    commission: 4,
    variations: DATA_PLANS[network.id === 'glo-sme' ? 'glo-sme' : network.id]!.map(([size, amount, validity]) => ({
      code: `${network.id}-${size.toLowerCase().replace('.', '_')}-${amount}`,
      name: `${network.name} ${size} - ${validity} (₦${amount})`,
      amount,
    })),
  })),
  ...DISCOS.map(([serviceID, name]) => ({
    serviceID,
    name: `${name} - Prepaid and Postpaid`,
    category: 'electricity-bill' as const,
    minimum: 1000,
    maximum: 500000,
    productType: 'flexible' as const,
    commission: 1,
    variations: [
      { code: 'prepaid', name: 'Prepaid', amount: 0 },
      { code: 'postpaid', name: 'Postpaid', amount: 0 },
    ],
  })),
  ...TV.map((tv) => ({
    serviceID: tv.id,
    name: tv.name,
    category: 'tv-subscription' as const,
    minimum: 1,
    maximum: 100000,
    productType: 'fix' as const,
    commission: 1.5,
    variations: tv.variations.map(([code, name, amount]) => ({
      code,
      name: `${name} - ₦${amount.toLocaleString('en-NG')}`,
      amount,
    })),
  })),
  ...EXAMS.map((exam) => ({
    serviceID: exam.id,
    name: exam.name,
    category: 'education' as const,
    minimum: 1,
    maximum: 1000000,
    productType: 'fix' as const,
    commission: 2,
    variations: exam.variations.map(([code, name, amount]) => ({ code, name, amount })),
  })),
];

export function findSandboxService(serviceID: unknown): SandboxService | undefined {
  return SANDBOX_SERVICES.find((service) => service.serviceID === serviceID);
}
