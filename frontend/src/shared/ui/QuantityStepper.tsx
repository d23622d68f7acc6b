import { useId, type FocusEventHandler, type KeyboardEventHandler } from 'react';
import { useIntl } from 'react-intl';
import { toLatinDigits } from '../digits';
import { MAX_QUANTITY } from '../cart/localCart';
import controls from './controls.module.css';
import classes from './QuantityStepper.module.css';

/** The whole number typed, Arabic-Indic digits too; NaN when it is not one. */
export function typedQuantity(typed: string): number {
  const text = toLatinDigits(typed).trim();
  return /^\d+$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
}

/** −, the quantity as typed (any digits), +: the buttons step from the typed number within
 * 1..`max` (999 unless fewer can be ordered), so a thumb never has to open the keyboard for "two bags". The label and the error
 * sit above and below the three, which stay on one line. */
export function QuantityStepper({
  label,
  hideLabel,
  error,
  typed,
  onType,
  onStep,
  disabled,
  max = MAX_QUANTITY,
  w,
  size = 'sm',
  onBlur,
  onKeyDown,
}: {
  label: string;
  /** Named for screen readers only, where the row already says what it is (the cart). */
  hideLabel?: boolean;
  error?: string;
  typed: string;
  onType: (typed: string) => void;
  /** The quantity a button asked for. */
  onStep: (quantity: number) => void;
  disabled?: boolean;
  /** The most the buttons step up to. */
  max?: number;
  w: number;
  size?: 'xs' | 'sm';
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
}) {
  const intl = useIntl();
  const quantity = typedQuantity(typed);
  const known = Number.isInteger(quantity);
  const step = (by: number) => onStep(known ? Math.min(max, Math.max(1, quantity + by)) : 1);
  const id = useId();
  const stepClass = `${controls.button} ${classes.step} ${size === 'xs' ? classes.xs : ''}`;
  return (
    <div>
      {!hideLabel && (
        <label htmlFor={id} className={controls.label}>
          {label}
        </label>
      )}
      <div className={classes.row}>
        <button
          type="button"
          className={stepClass}
          aria-label={intl.formatMessage({ id: 'cart.less' })}
          disabled={disabled || (known && quantity <= 1)}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          className={`${controls.input} ${size === 'xs' ? classes.xs : ''}`}
          aria-label={hideLabel ? label : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          value={typed}
          onChange={(event) => onType(event.currentTarget.value)}
          inputMode="numeric"
          dir="ltr"
          disabled={disabled}
          style={{ inlineSize: w }}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={stepClass}
          aria-label={intl.formatMessage({ id: 'cart.more' })}
          disabled={disabled || (known && quantity >= max)}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {error && (
        <span id={`${id}-error`} className={controls.error}>
          {error}
        </span>
      )}
    </div>
  );
}
