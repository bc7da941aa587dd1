/**
 * Nigerian banks an agent can keep an account at. Names and CBN / NIP codes come from the
 * project's reference table (`nigeria.md`); verify them against a current CBN list before launch.
 */
export interface NigerianBank {
  /** Our identifier for the bank: its NIP code, or its CBN code when it has none. */
  code: string;
  name: string;
  /** 3-digit CBN bank code. */
  cbnCode: string | null;
  /** 6-digit NIBSS Instant Payment institution code (what name enquiry and transfers use). */
  nipCode: string | null;
  /**
   * The institution code the NUBAN check digit is computed with: a bank's 3-digit CBN code,
   * or the 6-digit code of the 2020 scheme (`9` + a 5-digit code) for other institutions.
   * null: the institution numbers accounts by the holder's phone number, which no check
   * digit governs; only the 10-digit form is checked and name enquiry does the rest.
   */
  nubanCode: string | null;
}

function bank(name: string, cbnCode: string | null, nipCode: string | null, nubanCode = cbnCode): NigerianBank {
  return { code: nipCode ?? cbnCode!, name, cbnCode, nipCode, nubanCode };
}

export const NIGERIAN_BANKS: readonly NigerianBank[] = [
  bank('Access Bank', '044', '000014'),
  bank('Access (Diamond)', '063', '000005'),
  bank('Citibank', '023', null),
  bank('Ecobank', '050', '000010'),
  bank('FCMB', '214', '000003'),
  bank('Fidelity Bank', '070', '000007'),
  bank('First Bank', '011', '000016'),
  bank('Globus Bank', '103', '000027'),
  bank('GTBank', '058', '000013'),
  bank('Heritage Bank', '030', '000020'),
  bank('Jaiz Bank', '301', '000006'),
  bank('Keystone Bank', '082', '000002'),
  bank('Polaris Bank', '076', '000008'),
  bank('Providus Bank', '101', '000023'),
  bank('Stanbic IBTC', '221', '000012'),
  bank('Standard Chartered', '068', '000021'),
  bank('Sterling Bank', '232', '000001'),
  // The reference table gives no CBN code for these three; their NUBANs use the CBN codes
  // 100, 302 and 102 of the CBN bank list.
  bank('SunTrust Bank', null, '000022', '100'),
  bank('Taj Bank', null, '000026', '302'),
  bank('Titan Trust Bank', null, '000025', '102'),
  bank('Union Bank', '032', '000018'),
  bank('UBA', '033', '000004'),
  bank('Unity Bank', '215', '000011'),
  bank('Wema Bank', '035', '000017'),
  bank('Zenith Bank', '057', '000015'),
  // Microfinance banks: the 2020 scheme, `9` + their 5-digit CBN codes (50211, 50515).
  bank('Kuda MFB', null, '090267', '950211'),
  bank('Moniepoint MFB', null, '090405', '950515'),
  // Mobile money operators and payment service banks: the account number is the phone number.
  bank('OPay', null, '100004', null),
  bank('PalmPay', null, '100033', null),
  bank('9PSB', null, '120001', null),
];

/** Finds a bank by our code, its CBN code or its NIP code (3- and 6-digit codes never clash). */
export function findBank(code: string): NigerianBank | undefined {
  return NIGERIAN_BANKS.find((bank) => bank.code === code || bank.cbnCode === code || bank.nipCode === code);
}
