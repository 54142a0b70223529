import { Button, Text, TextInput } from '@mantine/core';
import { type AmountChoice, formatRupees, PRESET_AMOUNTS_PAISE } from './amounts';

interface AmountPickerProps {
  choice: AmountChoice;
  customAmount: string;
  error: string | undefined;
  onChoose: (choice: AmountChoice) => void;
  onCustomAmount: (rupees: string) => void;
}

/** The six amount buttons (five presets and Other) and, only once Other is chosen, the rupee input. */
export function AmountPicker({ choice, customAmount, error, onChoose, onCustomAmount }: AmountPickerProps) {
  return (
    <>
      <fieldset className="amount-fieldset">
        <legend className="amount-legend">Amount</legend>
        <div className="amount-grid">
          {PRESET_AMOUNTS_PAISE.map((paise) => {
            const selected = choice?.kind === 'preset' && choice.paise === paise;
            return (
              <Button
                key={paise}
                type="button"
                variant={selected ? 'filled' : 'outline'}
                aria-pressed={selected}
                onClick={() => onChoose({ kind: 'preset', paise })}
              >
                {formatRupees(paise)}
              </Button>
            );
          })}
          <Button
            type="button"
            variant={choice?.kind === 'other' ? 'filled' : 'outline'}
            aria-pressed={choice?.kind === 'other'}
            onClick={() => onChoose({ kind: 'other' })}
          >
            Other
          </Button>
        </div>
        {error && choice?.kind !== 'other' ? (
          <Text c="red.9" size="sm" mt={4} role="alert">
            {error}
          </Text>
        ) : null}
      </fieldset>

      {choice?.kind === 'other' ? (
        <TextInput
          label="Custom Amount (₹)"
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder="Enter amount in rupees"
          value={customAmount}
          onChange={(event) => onCustomAmount(event.currentTarget.value)}
          error={error}
        />
      ) : null}
    </>
  );
}
