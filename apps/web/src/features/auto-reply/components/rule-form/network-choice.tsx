import { Checkbox, Radio, Stack, Text } from '@mantine/core';
import type { Network } from '@switchboard/contract';
import { useAutoReplyText } from '../../auto-reply-text';
import type { RuleForm } from '../../lib/rule-form-values';

/** Every network (also later ones), or the ones ticked. */
export function NetworkChoice({ form, networks }: { form: RuleForm; networks: Network[] }) {
  const t = useAutoReplyText();
  const { allNetworks } = form.values;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('form.networks')}
        value={allNetworks ? 'all' : 'chosen'}
        onChange={(value) => form.setFieldValue('allNetworks', value === 'all')}
      >
        <Stack gap="xs" mt={4}>
          <Radio value="all" label={t('form.allNetworks')} />
          <Radio value="chosen" label={t('form.chosenNetworks')} />
        </Stack>
      </Radio.Group>
      {!allNetworks && (
        <Checkbox.Group
          aria-label={t('form.chosenNetworks')}
          value={form.values.networkIds}
          onChange={(ids) => form.setFieldValue('networkIds', ids)}
          error={form.errors.networkIds}
          ps="xl"
        >
          <Stack gap={6}>
            {networks.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('form.noNetworks')}
              </Text>
            )}
            {networks.map((network) => (
              <Checkbox key={network.id} value={network.id} label={network.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
