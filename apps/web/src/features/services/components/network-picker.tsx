import { ChoiceButtons } from './choice-buttons';

/** The networks a purchase can go to; `guessed` says the choice came from the number's prefix. */
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
  return (
    <ChoiceButtons
      label="Network"
      options={options}
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
