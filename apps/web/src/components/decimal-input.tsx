import { Text, TextInput, type TextInputProps } from '@mantine/core';

/**
 * An exact decimal (a quantity, a cost) typed as text: left to right, with a phone's decimal
 * keyboard; `onChange` gets the text. `suffix` (a unit's name) sits dimmed at the input's end,
 * `suffixWidth` wide.
 */
export function DecimalInput({
  onChange,
  suffix,
  suffixWidth,
  ...props
}: Omit<TextInputProps, 'onChange' | 'inputMode' | 'dir' | 'rightSection' | 'rightSectionWidth'> & {
  onChange: (value: string) => void;
  suffix?: string;
  suffixWidth?: number;
  'data-testid'?: string;
}) {
  return (
    <TextInput
      inputMode="decimal"
      dir="ltr"
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={suffix ? <Text size="xs" c="dimmed">{suffix}</Text> : undefined}
      rightSectionWidth={suffix ? suffixWidth : undefined}
      {...props}
    />
  );
}
