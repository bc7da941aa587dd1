/**
 * AgentDesk's service ids (the catalogue's, named by the first upstream's sync) and the codes
 * Clubkonnect takes for the same products (docs/decisions/034). The adapter speaks our ids to
 * the rest of AgentDesk and these codes to Clubkonnect; a plan's code (DataPlan, Package,
 * ExamType) is Clubkonnect's own, as its catalogue lists it.
 */

export interface Network {
  /** Our airtime service id. */
  airtime: string;
  /** Our data service id. */
  data: string;
  /** `MobileNetwork`: two digits, zero-padded (`1` is refused as INVALID_MOBILENETWORK). */
  code: string;
  name: string;
}

export const NETWORKS: readonly Network[] = [
  { airtime: 'mtn', data: 'mtn-data', code: '01', name: 'MTN' },
  { airtime: 'glo', data: 'glo-data', code: '02', name: 'Glo' },
  { airtime: 'etisalat', data: 'etisalat-data', code: '03', name: '9mobile' },
  { airtime: 'airtel', data: 'airtel-data', code: '04', name: 'Airtel' },
];

/** `ElectricCompany`: 01–09 in two sources, 10 and 12 in one, 11 in one (decision 034). */
export const DISCOS: ReadonlyArray<{ serviceId: string; code: string; name: string }> = [
  { serviceId: 'eko-electric', code: '01', name: 'Eko Electric (EKEDC)' },
  { serviceId: 'ikeja-electric', code: '02', name: 'Ikeja Electric (IKEDC)' },
  { serviceId: 'abuja-electric', code: '03', name: 'Abuja Electric (AEDC)' },
  { serviceId: 'kano-electric', code: '04', name: 'Kano Electric (KEDCO)' },
  { serviceId: 'portharcourt-electric', code: '05', name: 'Port Harcourt Electric (PHED)' },
  { serviceId: 'jos-electric', code: '06', name: 'Jos Electric (JED)' },
  { serviceId: 'ibadan-electric', code: '07', name: 'Ibadan Electric (IBEDC)' },
  { serviceId: 'kaduna-electric', code: '08', name: 'Kaduna Electric (KAEDCO)' },
  { serviceId: 'enugu-electric', code: '09', name: 'Enugu Electric (EEDC)' },
  { serviceId: 'benin-electric', code: '10', name: 'Benin Electric (BEDC)' },
  { serviceId: 'yola-electric', code: '11', name: 'Yola Electric (YEDC)' },
  { serviceId: 'aba-electric', code: '12', name: 'Aba Power (APLE)' },
];

/** `MeterType`. */
export const METER_TYPES: Readonly<Record<string, string>> = { prepaid: '01', postpaid: '02' };

/** `CableTV` takes lowercase names, which are also our service ids. */
export const CABLE_TV: ReadonlyArray<{ serviceId: string; code: string; name: string }> = [
  { serviceId: 'dstv', code: 'dstv', name: 'DStv Subscription' },
  { serviceId: 'gotv', code: 'gotv', name: 'GOtv Subscription' },
  { serviceId: 'startimes', code: 'startimes', name: 'StarTimes Subscription' },
];

/**
 * Exam PINs: WAEC's result checker and registration are both sold by APIWAECV1.asp (ExamType
 * `waecdirect`, `waec-registraion`: misspelt, as the first upstream spells it too), JAMB's by
 * APIJAMBV1.asp. No NECO or NABTEB endpoint is documented.
 */
export const EXAMS: ReadonlyArray<{ serviceId: string; name: string; pay: string; packages: string }> = [
  { serviceId: 'waec', name: 'WAEC Result Checker PIN', pay: 'APIWAECV1.asp', packages: 'APIWAECPackagesV2.asp' },
  {
    serviceId: 'waec-registration',
    name: 'WAEC Registration PIN',
    pay: 'APIWAECV1.asp',
    packages: 'APIWAECPackagesV2.asp',
  },
  {
    serviceId: 'jamb',
    name: 'JAMB PIN (UTME and Direct Entry)',
    pay: 'APIJAMBV1.asp',
    packages: 'APIJAMBPackagesV2.asp',
  },
];

/** Which of our two WAEC services an ExamType of WAEC's package list belongs to. */
export function waecServiceOf(examType: string): 'waec' | 'waec-registration' {
  return /regist/i.test(examType) ? 'waec-registration' : 'waec';
}

/** Airtime bounds, naira: the documented refusals are MINIMUM_100 (407) and MINIMUM_50000 (408, a ceiling). */
export const AIRTIME_BOUNDS = { minimum: 100, maximum: 50_000 } as const;
