/**
 * The Clubkonnect sandbox's products, in Clubkonnect's codes (never AgentDesk's service ids: the
 * sandbox knows only the protocol), at plausible 2026 prices (naira), and the catalogue answers
 * built from them in the shapes integrators read (docs/decisions/034: the disco list's shape is
 * [inferred]).
 */

export interface SandboxNetwork {
  /** MobileNetwork. */
  code: string;
  /** The key the data plan list files the network under. */
  key: string;
  name: string;
  /** Data plans: PRODUCT_ID (what DataPlan takes), name, naira. */
  plans: Array<[id: string, name: string, amount: number]>;
}

export const NETWORKS: readonly SandboxNetwork[] = [
  {
    code: '01',
    key: 'MTN',
    name: 'MTN',
    plans: [
      ['500.0', '500 MB - 30 days (SME)', 350],
      ['1000.0', '1 GB - 30 days (SME)', 600],
      ['2000.0', '2 GB - 30 days (SME)', 1200],
      ['3000.0', '3 GB - 30 days (SME)', 1800],
      ['5000.0', '5 GB - 30 days (SME)', 3000],
      ['1000.01', '1 GB - 1 day (Awoof)', 350],
      ['10000.0', '10 GB - 30 days (Gifting)', 4500],
    ],
  },
  {
    code: '02',
    key: 'Glo',
    name: 'Glo',
    plans: [
      ['200', '200 MB - 14 days (CG)', 100],
      ['500', '500 MB - 30 days (CG)', 230],
      ['1000', '1 GB - 30 days (CG)', 450],
      ['2000', '2 GB - 30 days (CG)', 900],
      ['5000', '5 GB - 30 days (CG)', 2250],
    ],
  },
  {
    code: '03',
    key: 'm_9mobile',
    name: '9mobile',
    plans: [
      ['500', '500 MB - 30 days', 350],
      ['1500', '1.5 GB - 30 days', 1000],
      ['4500', '4.5 GB - 30 days', 2000],
      ['11000', '11 GB - 30 days', 4000],
    ],
  },
  {
    code: '04',
    key: 'Airtel',
    name: 'Airtel',
    plans: [
      ['300', '300 MB - 7 days', 300],
      ['1000', '1 GB - 7 days', 800],
      ['2000', '2 GB - 30 days', 1500],
      ['4500', '4.5 GB - 30 days', 2500],
      ['10000', '10 GB - 30 days', 4000],
    ],
  },
];

export interface SandboxDisco {
  /** ElectricCompany. */
  code: string;
  key: string;
  name: string;
  minimum: number;
  maximum: number;
}

export const DISCOS: readonly SandboxDisco[] = [
  ['01', 'EKO_ELECTRIC', 'Eko Electric - EKEDC'],
  ['02', 'IKEJA_ELECTRIC', 'Ikeja Electric - IKEDC'],
  ['03', 'ABUJA_ELECTRIC', 'Abuja Electric - AEDC'],
  ['04', 'KANO_ELECTRIC', 'Kano Electric - KEDCO'],
  ['05', 'PORTHARCOURT_ELECTRIC', 'Port Harcourt Electric - PHED'],
  ['06', 'JOS_ELECTRIC', 'Jos Electric - JED'],
  ['07', 'IBADAN_ELECTRIC', 'Ibadan Electric - IBEDC'],
  ['08', 'KADUNA_ELECTRIC', 'Kaduna Electric - KAEDCO'],
  ['09', 'ENUGU_ELECTRIC', 'Enugu Electric - EEDC'],
  ['10', 'BENIN_ELECTRIC', 'Benin Electric - BEDC'],
  ['11', 'YOLA_ELECTRIC', 'Yola Electric - YEDC'],
  ['12', 'ABA_ELECTRIC', 'Aba Power - APLE'],
].map(([code, key, name]) => ({ code: code!, key: key!, name: name!, minimum: 1000, maximum: 200_000 }));

/** MeterType → what it is called in the disco list. */
export const METER_TYPES: Readonly<Record<string, string>> = { '01': 'prepaid', '02': 'postpaid' };

export interface SandboxTv {
  /** CableTV. */
  code: string;
  key: string;
  packages: Array<[id: string, name: string, amount: number]>;
}

export const TVS: readonly SandboxTv[] = [
  {
    code: 'dstv',
    key: 'DStv',
    packages: [
      ['dstv-padi', 'DStv Padi N4,400', 4400],
      ['dstv-yanga', 'DStv Yanga N6,000', 6000],
      ['dstv-confam', 'DStv Confam N11,000', 11000],
      ['dstv79', 'DStv Compact N19,000', 19000],
      ['dstv7', 'DStv Compact Plus N30,000', 30000],
      ['dstv3', 'DStv Premium N44,500', 44500],
    ],
  },
  {
    code: 'gotv',
    key: 'GOtv',
    packages: [
      ['gotv-smallie', 'GOtv Smallie N1,900', 1900],
      ['gotv-jinja', 'GOtv Jinja N3,900', 3900],
      ['gotv-jolli', 'GOtv Jolli N5,800', 5800],
      ['gotv-max', 'GOtv Max N8,500', 8500],
      ['gotv-supa', 'GOtv Supa N11,400', 11400],
    ],
  },
  {
    code: 'startimes',
    key: 'Startimes',
    packages: [
      ['nova', 'Nova N2,100 - 1 Month', 2100],
      ['basic', 'Basic N4,000 - 1 Month', 4000],
      ['smart', 'Smart N5,100 - 1 Month', 5100],
      ['classic', 'Classic N6,000 - 1 Month', 6000],
      ['super', 'Super N9,800 - 1 Month', 9800],
      ['nova-weekly', 'Nova N700 - 1 Week', 700],
    ],
  },
];

/** ExamType → name, naira; WAEC's list holds the result checker and the registration. */
export const WAEC_EXAMS: ReadonlyArray<[examType: string, name: string, amount: number]> = [
  ['waecdirect', 'WAEC Result Checker PIN', 3900],
  ['waec-registraion', 'WAEC Registration PIN', 25000],
];

export const JAMB_EXAMS: ReadonlyArray<[examType: string, name: string, amount: number]> = [
  ['utme-mock', 'UTME PIN (with mock)', 7700],
  ['utme-no-mock', 'UTME PIN (without mock)', 6200],
  ['de', 'Direct Entry PIN', 6200],
];

/** What Clubkonnect keeps of a sale, percent: the provider pays the face value less it. */
export const COMMISSION: Readonly<Record<string, number>> = {
  airtime: 3,
  data: 2,
  electricity: 1,
  cable: 1,
  exam: 2,
};

const money = (naira: number) => naira.toFixed(2);

/** A data plan's price at this sandbox: a test's change (by network code and PRODUCT_ID), else the list's. */
export function dataPlanPrice(
  network: SandboxNetwork,
  [id, , amount]: SandboxNetwork['plans'][number],
  prices?: ReadonlyMap<string, number>,
): number {
  return prices?.get(`${network.code}\n${id}`) ?? amount;
}

/** APIDatabundlePlansV2.asp: plans filed under each network's key, its ID and a PRODUCT list. */
export function dataPlansAnswer(prices?: ReadonlyMap<string, number>) {
  return {
    MOBILE_NETWORK: Object.fromEntries(
      NETWORKS.map((network) => [
        network.key,
        [
          {
            ID: network.code,
            PRODUCT: network.plans.map((plan, index) => ({
              PRODUCT_SNO: String(index + 1),
              PRODUCT_CODE: String(index + 1),
              PRODUCT_ID: plan[0],
              PRODUCT_NAME: plan[1],
              PRODUCT_AMOUNT: money(dataPlanPrice(network, plan, prices)),
            })),
          },
        ],
      ]),
    ),
  };
}

/** APICableTVPackagesV2.asp: packages filed under each TV's key, its ID and a PRODUCT list. */
export function cablePackagesAnswer() {
  return {
    TV_ID: Object.fromEntries(
      TVS.map((tv) => [
        tv.key,
        [
          {
            ID: tv.code,
            PRODUCT: tv.packages.map(([id, name, amount]) => ({
              PACKAGE_ID: id,
              PACKAGE_NAME: name,
              PACKAGE_AMOUNT: money(amount),
            })),
          },
        ],
      ]),
    ),
  };
}

/** APIElectricityDiscosV1.asp: each disco's ID, NAME and a product per meter type with its bounds. */
export function discosAnswer() {
  return {
    ELECTRIC_COMPANY: Object.fromEntries(
      DISCOS.map((disco) => [
        disco.key,
        [
          {
            ID: disco.code,
            NAME: disco.name,
            PRODUCT: Object.entries(METER_TYPES).map(([id, type]) => ({
              PRODUCT_ID: id,
              PRODUCT_TYPE: type,
              MINIMUM_AMOUNT: money(disco.minimum),
              MAXIMUM_AMOUNT: money(disco.maximum),
            })),
          },
        ],
      ]),
    ),
  };
}

/** APIWAECPackagesV2.asp and APIJAMBPackagesV2.asp: an EXAM_TYPE list. */
export function examPackagesAnswer(exams: ReadonlyArray<[string, string, number]>) {
  return {
    EXAM_TYPE: exams.map(([code, name, amount]) => ({
      PRODUCT_CODE: code,
      PRODUCT_DESCRIPTION: name,
      PRODUCT_AMOUNT: money(amount),
    })),
  };
}
