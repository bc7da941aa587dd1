import { resellerCreateBatch, resellerGetBatch } from '../purchases/bulk-purchase.js';
import { resellerBalance } from './reseller-balance.js';
import { resellerCreatePurchase, resellerGetPurchase } from './reseller-purchases.js';
import { resellerServices } from './reseller-services.js';
import { resellerTransactions } from './reseller-transactions.js';
import { resellerValidateJambProfile, resellerValidateMeter, resellerValidateSmartcard } from './reseller-validate.js';

/** Every endpoint of the reseller API (`/api/v1/reseller/`), in the order the documentation lists them. */
export const RESELLER_ENDPOINTS = [
  resellerBalance,
  resellerServices,
  resellerValidateMeter,
  resellerValidateSmartcard,
  resellerValidateJambProfile,
  resellerCreatePurchase,
  resellerGetPurchase,
  resellerCreateBatch,
  resellerGetBatch,
  resellerTransactions,
] as const;
