import { NumberInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NetworkKind } from '@switchboard/contract';
import type { NetworkFormValues } from '../../lib/network-form';
import { useNetworksText } from '../../networks-text';

interface CommonFieldsProps {
  form: UseFormReturnType<NetworkFormValues>;
  kind: NetworkKind;
  /** The sandbox and Android phones get their number from the channel when created. */
  withAddress: boolean;
}

/** Name; for sending channels also the number/sender id and the throughput. */
export function CommonFields({ form, kind, withAddress }: CommonFieldsProps) {
  const t = useNetworksText();
  return (
    <>
      <TextInput
        label={t('fields.name')}
        placeholder={t('fields.namePlaceholder')}
        required
        maxLength={80}
        data-autofocus
        {...form.getInputProps('name')}
      />
      {withAddress && (
        <>
          <TextInput
            label={t('fields.address')}
            description={t('fields.addressDescription')}
            required
            dir="ltr"
            maxLength={32}
            {...form.getInputProps('address')}
          />
          <NumberInput
            label={t('fields.throughput')}
            description={t('fields.throughputDescription')}
            rightSection={null}
            suffix={` ${t('fields.perSecond')}`}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            required={kind === 'smpp' || kind === 'http'}
            {...form.getInputProps('throughput')}
          />
        </>
      )}
    </>
  );
}
