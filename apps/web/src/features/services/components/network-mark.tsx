import type { Network } from '../lib/network-prefix';

/**
 * Each network's mark in its colours, drawn here: the dashboard loads no image from another
 * origin (docs/decisions/028), and these cost no request on a slow phone. Beside the network's
 * name, never instead of it, so they are hidden from screen readers.
 */
const MARKS: Record<Network, { shape: 'oval' | 'circle' | 'square'; fill: string; ink: string; text: string }> = {
  mtn: { shape: 'oval', fill: '#ffcc00', ink: '#000000', text: 'MTN' },
  glo: { shape: 'circle', fill: '#50b848', ink: '#ffffff', text: 'glo' },
  airtel: { shape: 'circle', fill: '#e40000', ink: '#ffffff', text: 'a' },
  '9mobile': { shape: 'square', fill: '#006b3f', ink: '#a6ce39', text: '9' },
};

export function NetworkMark({ network }: { network: Network }) {
  const { shape, fill, ink, text } = MARKS[network];
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-network-mark={network}>
      {shape === 'oval' && <ellipse cx="12" cy="12" rx="12" ry="8.5" fill={fill} />}
      {shape === 'circle' && <circle cx="12" cy="12" r="12" fill={fill} />}
      {shape === 'square' && <rect width="24" height="24" rx="5" fill={fill} />}
      <text
        x="12"
        y="12"
        dominantBaseline="central"
        textAnchor="middle"
        fill={ink}
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontSize={text.length === 1 ? 16 : text.length === 3 && shape === 'oval' ? 7.5 : 9}
      >
        {text}
      </text>
    </svg>
  );
}
