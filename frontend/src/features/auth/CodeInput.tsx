import { TextInput, type TextInputProps } from '@mantine/core';
import { otpDigits } from '../../shared/forms';

/** A six-digit code field that takes Latin or Arabic-Indic digits and keeps Latin ones. */
export function CodeInput(props: Omit<TextInputProps, 'onChange'> & { onChange?: (value: string) => void }) {
  const { onChange, ...rest } = props;
  return (
    <TextInput
      {...rest}
      dir="ltr"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      styles={{ input: { letterSpacing: '0.4em', textAlign: 'center', fontSize: '1.25rem' } }}
      onChange={(event) => onChange?.(otpDigits(event.currentTarget.value))}
    />
  );
}
