import { Accordion, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import type { NetworkFormValues } from '../../lib/network-form';
import { useNetworksText } from '../../networks-text';
import { SecretInput } from './secret-input';

interface SmppFieldsProps {
  form: UseFormReturnType<NetworkFormValues>;
  /** The stored password, masked, on a saved network. */
  maskedPassword?: string;
}

/** The SMS centre's address and account; the protocol details behind "Advanced". */
export function SmppFields({ form, maskedPassword }: SmppFieldsProps) {
  const t = useNetworksText();
  const longMessagesId = useId();
  const number = { allowDecimal: false, allowNegative: false, rightSection: null } as const;
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="nowrap">
        <TextInput
          label={t('fields.host')}
          placeholder={t('fields.hostPlaceholder')}
          required
          dir="ltr"
          style={{ flexGrow: 3 }}
          {...form.getInputProps('smpp.host')}
        />
        <NumberInput
          label={t('fields.port')}
          required
          min={1}
          max={65_535}
          {...number}
          {...form.getInputProps('smpp.port')}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('fields.systemId')}
          required
          dir="ltr"
          maxLength={15}
          autoComplete="off"
          {...form.getInputProps('smpp.systemId')}
        />
        <SecretInput
          label={t('fields.password')}
          description={t('fields.passwordDescription')}
          masked={maskedPassword}
          maxLength={8}
          {...form.getInputProps('smpp.password')}
        />
      </SimpleGrid>
      <Accordion variant="contained" radius="md">
        <Accordion.Item value="advanced">
          <Accordion.Control>
            <Text size="sm" fw={600}>
              {t('fields.advanced')}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('fields.systemType')}
                description={t('fields.systemTypeDescription')}
                dir="ltr"
                maxLength={12}
                {...form.getInputProps('smpp.systemType')}
              />
              <NumberInput
                label={t('fields.windowSize')}
                description={t('fields.windowSizeDescription')}
                min={1}
                max={100}
                {...number}
                {...form.getInputProps('smpp.windowSize')}
              />
              <NumberInput
                label={t('fields.sourceTon')}
                description={t('fields.sourceTonDescription')}
                min={0}
                max={6}
                {...number}
                {...form.getInputProps('smpp.sourceTon')}
              />
              <NumberInput
                label={t('fields.sourceNpi')}
                description={t('fields.sourceNpiDescription')}
                min={0}
                max={18}
                {...number}
                {...form.getInputProps('smpp.sourceNpi')}
              />
            </SimpleGrid>
            <Stack gap={4} mt="sm">
              <Text size="sm" fw={500} id={longMessagesId}>
                {t('fields.longMessages')}
              </Text>
              <SegmentedControl
                aria-labelledby={longMessagesId}
                fullWidth
                data={[
                  { value: 'udh', label: t('fields.longMessagesUdh') },
                  { value: 'payload', label: t('fields.longMessagesPayload') },
                ]}
                {...form.getInputProps('smpp.longMessages')}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
