import { Text, type TextProps } from '@mantine/core';
import { useNetworksText } from '../networks-text';

/** A number or sender id: always left to right (also in Arabic), aligned with its column. */
export function NetworkAddress({ address, ...props }: TextProps & { address: string }) {
  const t = useNetworksText();
  if (!address) {
    return (
      <Text size="sm" c="dimmed" {...props}>
        {t('list.noAddress')}
      </Text>
    );
  }
  return (
    <Text size="sm" ff="monospace" {...props}>
      <span dir="ltr">{address}</span>
    </Text>
  );
}
