import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NetworkKind } from '@switchboard/contract';
import type { NetworkFormValues } from '../../lib/network-form';
import { CommonFields } from '../fields/common-fields';
import { HttpFields } from '../fields/http-fields';
import { SmppFields } from '../fields/smpp-fields';

interface DetailsStepProps {
  kind: NetworkKind;
  form: UseFormReturnType<NetworkFormValues>;
}

/** Step 2: the name, and for SMPP and HTTP the address, throughput and account. */
export function DetailsStep({ kind, form }: DetailsStepProps) {
  const sends = kind === 'smpp' || kind === 'http';
  return (
    <Stack gap="sm">
      <CommonFields form={form} kind={kind} withAddress={sends} />
      {kind === 'smpp' && <SmppFields form={form} />}
      {kind === 'http' && <HttpFields form={form} />}
    </Stack>
  );
}
