/**
 * A data plan's size and validity from its catalogue name, "MTN 1GB - 1 day (₦500)" →
 * { size: '1GB', validity: '1 day' }; names of another shape are kept whole as the size.
 */
export function describePlan(name: string, networkName: string): { size: string; validity: string | null } {
  const withoutPrice = name.replace(/\s*\(₦[\d,.]+\)\s*$/, '').trim();
  const withoutNetwork = withoutPrice.startsWith(networkName)
    ? withoutPrice.slice(networkName.length).trim()
    : withoutPrice;
  const match = /^(.*?)\s+-\s+(.+)$/.exec(withoutNetwork);
  return match?.[1] && match[2] ? { size: match[1], validity: match[2] } : { size: withoutNetwork, validity: null };
}
