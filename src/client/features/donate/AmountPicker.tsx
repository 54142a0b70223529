import { useMessages } from '../../i18n';
import { type AmountChoice, formatRupees, PRESET_AMOUNTS_PAISE } from './amounts';
import { TextField } from './fields';

interface AmountPickerProps {
  choice: AmountChoice;
  customAmount: string;
  error: string | undefined;
  onChoose: (choice: AmountChoice) => void;
  onCustomAmount: (rupees: string) => void;
}

/** The six amount buttons (five presets and Other) and, only once Other is chosen, the rupee input. */
export function AmountPicker({ choice, customAmount, error, onChoose, onCustomAmount }: AmountPickerProps) {
  const t = useMessages();
  return (
    <>
      <fieldset className="amount-fieldset">
        <legend className="amount-legend">{t('donate_amount')}</legend>
        <div className="amount-grid">
          {PRESET_AMOUNTS_PAISE.map((paise) => {
            const selected = choice?.kind === 'preset' && choice.paise === paise;
            return (
              <button
                key={paise}
                type="button"
                className={selected ? 'btn btn-filled' : 'btn btn-outline'}
                aria-pressed={selected}
                onClick={() => onChoose({ kind: 'preset', paise })}
              >
                {formatRupees(paise)}
              </button>
            );
          })}
          <button
            type="button"
            className={choice?.kind === 'other' ? 'btn btn-filled' : 'btn btn-outline'}
            aria-pressed={choice?.kind === 'other'}
            onClick={() => onChoose({ kind: 'other' })}
          >
            {t('donate_amount_other')}
          </button>
        </div>
        {error && choice?.kind !== 'other' ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>

      {choice?.kind === 'other' ? (
        <TextField
          label={t('donate_custom_amount')}
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder={t('donate_custom_amount_placeholder')}
          value={customAmount}
          onChange={(event) => onCustomAmount(event.currentTarget.value)}
          error={error}
        />
      ) : null}
    </>
  );
}
