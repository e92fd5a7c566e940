import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface ChoiceGroupProps<T extends string> {
  label: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}

/** One customizer setting: a labelled radio group shown as a segmented control. */
export function ChoiceGroup<T extends string>({ label, value, options, onChange }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <Stack gap={6}>
      <Text id={id} size="sm" fw={600}>
        {label}
      </Text>
      <SegmentedControl
        fullWidth
        value={value}
        data={options}
        onChange={(next) => onChange(next as T)}
        color="brand"
        withItemsBorders={false}
        aria-labelledby={id}
      />
    </Stack>
  );
}
