import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * One choice among a few, as large buttons a thumb can hit (networks, providers, amounts). An
 * option's `icon` (a network's mark) goes before its label.
 */
export function ChoiceButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  hint,
}: {
  label: string;
  options: readonly { value: T; label: string; icon?: ReactNode }[];
  value: T | null;
  onChange: (value: T) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div>
      <Typography id={id} variant="body2" component="p" sx={{ mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={value}
        onChange={(_event, next: T | null) => {
          if (next !== null) onChange(next);
        }}
        aria-labelledby={id}
        color="primary"
        sx={{
          flexWrap: 'wrap',
          gap: 1,
          '& .MuiToggleButton-root': { border: 1, borderColor: 'divider', borderRadius: 1 },
        }}
      >
        {options.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            sx={{ minWidth: 64, minHeight: 44, textTransform: 'none', gap: 1 }}
          >
            {option.icon}
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </div>
  );
}
