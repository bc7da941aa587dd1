import { NETWORKS, type Network } from '../lib/network-prefix';
import { ChoiceButtons } from './choice-buttons';
import { NetworkMark } from './network-mark';

/** The network whose mark an option wears: its own, or its parent's for a variant ("glo-sme"). */
function markOf(value: string): Network | undefined {
  return NETWORKS.find((network) => value === network || value.startsWith(`${network}-`));
}

/**
 * The networks a purchase can go to, each with its mark; `guessed` says the choice came from
 * the number's prefix.
 */
export function NetworkPicker<T extends string>({
  options,
  value,
  onChange,
  guessed,
}: {
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  guessed: boolean;
}) {
  const marked = options.map((option) => {
    const network = markOf(option.value);
    return network ? { ...option, icon: <NetworkMark network={network} /> } : option;
  });
  return (
    <ChoiceButtons
      label="Network"
      options={marked}
      value={value}
      onChange={onChange}
      hint={
        value === null
          ? 'Type the number or choose the network.'
          : guessed
            ? 'Guessed from the number: numbers move between networks, so tap another if it is wrong.'
            : undefined
      }
    />
  );
}
