import { Code } from './guide-section';

/**
 * A description from the OpenAPI document: plain text where `backticks` mark code, the only
 * Markdown the contract's descriptions use. Anything else shows as typed, never as HTML.
 */
export function DocText({ text }: { text: string }) {
  return <>{text.split('`').map((part, index) => (index % 2 === 1 ? <Code key={index}>{part}</Code> : part))}</>;
}
