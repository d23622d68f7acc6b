import type { FocusEventHandler, KeyboardEventHandler } from 'react';
import { ActionIcon, Group, Input } from '@mantine/core';
import { useIntl } from 'react-intl';
import { toLatinDigits } from '../digits';
import { MAX_QUANTITY } from '../cart/localCart';

/** The whole number typed, Arabic-Indic digits too; NaN when it is not one. */
export function typedQuantity(typed: string): number {
  const text = toLatinDigits(typed).trim();
  return /^\d+$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
}

/** −, the quantity as typed (any digits), +: the buttons step from the typed number within
 * 1..999, so a thumb never has to open the keyboard for "two bags". The label and the error
 * sit above and below the three, which stay on one line. */
export function QuantityStepper({
  label,
  hideLabel,
  error,
  typed,
  onType,
  onStep,
  disabled,
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
  w: number;
  size?: 'xs' | 'sm';
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
}) {
  const intl = useIntl();
  const quantity = typedQuantity(typed);
  const known = Number.isInteger(quantity);
  const step = (by: number) => onStep(known ? Math.min(MAX_QUANTITY, Math.max(1, quantity + by)) : 1);
  return (
    <Input.Wrapper label={hideLabel ? undefined : label} error={error}>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={`input-${size}`}
          aria-label={intl.formatMessage({ id: 'cart.less' })}
          disabled={disabled || (known && quantity <= 1)}
          onClick={() => step(-1)}
        >
          −
        </ActionIcon>
        <Input
          aria-label={hideLabel ? label : undefined}
          error={Boolean(error)}
          value={typed}
          onChange={(event) => onType(event.currentTarget.value)}
          inputMode="numeric"
          dir="ltr"
          disabled={disabled}
          w={w}
          size={size}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          variant="default"
          size={`input-${size}`}
          aria-label={intl.formatMessage({ id: 'cart.more' })}
          disabled={disabled || (known && quantity >= MAX_QUANTITY)}
          onClick={() => step(1)}
        >
          +
        </ActionIcon>
      </Group>
    </Input.Wrapper>
  );
}
