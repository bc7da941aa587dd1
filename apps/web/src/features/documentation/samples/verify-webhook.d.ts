/** Types for the plain-JavaScript sample beside this file (shown verbatim on the documentation page). */
export declare function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  nowSeconds?: number,
): boolean;
