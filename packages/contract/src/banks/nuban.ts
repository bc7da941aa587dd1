/**
 * NUBAN (Nigeria Uniform Bank Account Number) check digits, as the CBN defines them.
 *
 * A NUBAN is a 9-digit serial and a check digit. The check digit is computed over the
 * institution code followed by the serial, with the weights 3 7 3 repeating:
 * - the original (2010) scheme uses a deposit money bank's 3-digit CBN code (12 digits);
 * - the revised (2020) scheme uses a 6-digit institution code (15 digits): `000` + a bank's
 *   3-digit code, or `9` + a 5-digit code of another financial institution (microfinance
 *   banks and the like). `000` contributes nothing, so both schemes agree for banks.
 */

const WEIGHTS = [3, 7, 3] as const;

/**
 * The check digit for a serial at an institution.
 *
 * @example nubanCheckDigit('011', '000001457') // 9, so the NUBAN is 0000014579
 * @example nubanCheckDigit('000058', '012345678') // 5, the same as with '058'
 */
export function nubanCheckDigit(institutionCode: string, serial: string): number {
  if (!/^(\d{3}|\d{6})$/.test(institutionCode)) throw new Error('institution code must be 3 or 6 digits');
  if (!/^\d{9}$/.test(serial)) throw new Error('serial must be 9 digits');
  const digits = institutionCode + serial;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    sum += Number(digits[index]) * WEIGHTS[index % 3]!;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a 10-digit account number carries the right check digit for the institution. */
export function isValidNuban(institutionCode: string, accountNumber: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(institutionCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
