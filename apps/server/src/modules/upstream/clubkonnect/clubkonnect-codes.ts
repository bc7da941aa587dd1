import type { Verdict } from '../upstream.js';

/**
 * What an answer of Clubkonnect says, before it is read as the answer to a pay or a requery
 * (docs/decisions/034):
 * - `completed`: the network confirmed (200);
 * - `processing`: nothing definitive yet (received, processed, on hold, completed without the
 *   network's reply, an unspecified error of a state that is not final, an undocumented code);
 * - `cancelled`: the order was cancelled and Clubkonnect credited its own wallet back (5xx);
 * - `closed`: "already completed, cancelled or refunded" (521), the answer to a cancel: it may
 *   have been delivered;
 * - `call-refused`: the call's arguments were refused before any order was accepted;
 * - `account`: the provider's account or access (credentials, balance, API access,
 *   whitelisting): an operator must act;
 * - `unknown-request`: a query for an id Clubkonnect has no order under.
 */
export type AnswerKind =
  'completed' | 'processing' | 'cancelled' | 'closed' | 'call-refused' | 'account' | 'unknown-request';

export interface StatusCode {
  kind: AnswerKind;
  status: string;
  remark: string;
}

const code = (kind: AnswerKind, status: string, remark: string): StatusCode => ({ kind, status, remark });
const cancelled = (remark: string) => code('cancelled', 'ORDER_CANCELLED', remark);
const onHold = (remark: string) => code('processing', 'ORDER_ONHOLD', remark);
const refusedCall = (remark: string) => code('call-refused', 'ORDER_ERROR', remark);
const account = (remark: string) => code('account', 'ORDER_ERROR', remark);

/** Every documented `statuscode` (the reference's §4). An undocumented code is `processing`. */
export const STATUS_CODES: Readonly<Record<string, StatusCode>> = {
  '100': code('processing', 'ORDER_RECEIVED', 'Awaiting Processing'),
  '199': code('processing', 'ORDER_RECEIVED', 'Unspecified Error'),
  '300': code('processing', 'ORDER_PROCESSED', 'Awaiting Network Response'),
  '399': code('processing', 'ORDER_PROCESSED', 'Unspecified Error'),
  '200': code('completed', 'ORDER_COMPLETED', 'Success'),
  // Completed without the network's reply: retried for up to an hour, then maybe cancelled.
  '201': code('processing', 'ORDER_COMPLETED', 'Network Unresponsive'),
  // "Success-ish" in the reference, unconfirmed: not a delivery we may settle on.
  '299': code('processing', 'ORDER_COMPLETED', 'Unspecified Error'),
  '400': account('INVALID_CREDENTIALS'),
  '401': account('MISSING_CREDENTIALS'),
  '402': account('MISSING_USERID'),
  '403': account('MISSING_APIKEY'),
  '404': refusedCall('MISSING_MOBILENETWORK'),
  '405': refusedCall('MISSING_AMOUNT'),
  '406': refusedCall('INVALID_AMOUNT'),
  '407': refusedCall('MINIMUM_100'),
  '408': refusedCall('MINIMUM_50000'),
  '409': refusedCall('INVALID_RECIPIENT'),
  '410': account('INVALID_API_ERROR1'),
  '411': account('INVALID_API_ERROR2'),
  '412': account('INSUFFICIENT_APIAMOUNT'),
  '413': account('INVALID_API'),
  '414': account('INVALID_PAYMENT_OPTION'),
  '415': account('INSUFFICIENT_APISTOREDEALERAMOUNT'),
  '416': account('INSUFFICIENT_APISTOREAMOUNT'),
  '417': account('INSUFFICIENT_BALANCE'),
  '418': refusedCall('INVALID_MOBILENETWORK'),
  '499': refusedCall('Unspecified Error'),
  '500': cancelled('By APIUser'),
  '501': cancelled('By Server'),
  '506': cancelled('Server Busy'),
  '507': cancelled('Network Error'),
  '508': cancelled('Your request cannot be processed at this time'),
  '509': cancelled('Your account has been credited back for failed Txn'),
  '510': cancelled('The process failed'),
  '511': cancelled('Transaction Failure'),
  '512': cancelled('request is not valid'),
  '513': cancelled('Failed recharge'),
  '514': cancelled('Transaction rejected'),
  '515': cancelled('The receivers account is in the wrong state'),
  '516': cancelled('is not a valid MTN Subscriber'),
  '517': cancelled('is not eligible for this offer'),
  '518': cancelled('the subscriber is not eligible'),
  '519': cancelled('You already have a Data Plan yet to be activated'),
  '520': cancelled('you are not gifting to a valid Globacom user'),
  '521': code('closed', 'ORDER_CANCELLED', 'Order already completed, cancelled or refunded'),
  '599': cancelled('Unspecified Error'),
  '600': onHold('Network Error'),
  '601': onHold('cannot be processed at this time'),
  '602': onHold('credited back'),
  '603': onHold('the process failed'),
  '604': onHold('Transaction Failure'),
  '605': onHold('Failed recharge'),
  '606': onHold('By APIUser'),
  '699': onHold('Unspecified Error'),
};

/**
 * Bare tokens, answered in `status` (or `remark`) without a `statuscode`, usually before an
 * order exists. Only these are read; any other token is `processing` (unknown). Tokens the
 * reference marks [inferred], and those the sandbox answers that no source names, are listed in
 * decision 034: an unknown token is never a failure, so a wrong guess here costs an operator's
 * look, never a double sale.
 */
export const TOKENS: Readonly<Record<string, AnswerKind>> = {
  // Who is calling: the provider's account.
  INVALID_CREDENTIALS: 'account',
  MISSING_CREDENTIALS: 'account',
  MISSING_USERID: 'account',
  MISSING_APIKEY: 'account',
  INVALID_USERID: 'account',
  INVALID_KEY: 'account',
  INVALID_APIKEY: 'account',
  INVALID_API: 'account',
  INVALID_API_ERROR1: 'account',
  INVALID_API_ERROR2: 'account',
  INVALID_PAYMENT_OPTION: 'account',
  INSUFFICIENT_BALANCE: 'account',
  INSUFFICIENT_WALLET_BALANCE: 'account',
  INSUFFICIENT_APIAMOUNT: 'account',
  INSUFFICIENT_APISTOREDEALERAMOUNT: 'account',
  INSUFFICIENT_APISTOREAMOUNT: 'account',
  IP_NOT_WHITELISTED: 'account',
  // What was asked for: refused before any order was accepted.
  MISSING_MOBILENETWORK: 'call-refused',
  MISSING_AMOUNT: 'call-refused',
  INVALID_AMOUNT: 'call-refused',
  MINIMUM_100: 'call-refused',
  MINIMUM_50000: 'call-refused',
  INVALID_RECIPIENT: 'call-refused',
  INVALID_MOBILENETWORK: 'call-refused',
  INVALID_DATAPLAN: 'call-refused',
  INVALID_SMARTCARDNO: 'call-refused',
  INVALID_METERNO: 'call-refused',
  INVALID_METERTYPE: 'call-refused',
  INVALID_ELECTRICCOMPANY: 'call-refused',
  INVALID_CABLETV: 'call-refused',
  INVALID_PACKAGE: 'call-refused',
  INVALID_EXAMTYPE: 'call-refused',
  INVALID_PHONENO: 'call-refused',
  INVALID_PROFILEID: 'call-refused',
  // A query for an id with no order. On a pay the same words may mean a reused id: unknown.
  INVALID_REQUESTID: 'unknown-request',
  INVALID_ORDERID: 'unknown-request',
};

/** The call an answer came from: the same words mean different things to each. */
export type Call = 'pay' | 'requery';

/** A token as Clubkonnect spells it, or as one white-label copy does (`INVALID_ AMOUNT`). */
export function normaliseToken(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, '');
}

/**
 * An answer's verdict for the order. `hasOrderId`: the answer names an order, so something was
 * accepted; a refusal of a pay is definitive only when none was.
 */
export function verdictOf(kind: AnswerKind, call: Call, hasOrderId: boolean): Verdict {
  switch (kind) {
    case 'completed':
      return 'delivered';
    case 'cancelled':
      return 'failed';
    case 'call-refused':
      // A pay refused for its arguments was not taken; a query so refused says nothing of the order.
      return call === 'pay' && !hasOrderId ? 'failed' : 'unknown';
    case 'account':
      // A refused pay was not taken, unless an order came back with the refusal.
      return call === 'pay' && hasOrderId ? 'unknown' : 'refused';
    case 'unknown-request':
      return call === 'requery' ? 'unknown-request' : 'unknown';
    case 'processing':
    case 'closed':
      return 'unknown';
  }
}
