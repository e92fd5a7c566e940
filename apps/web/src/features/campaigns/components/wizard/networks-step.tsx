import { ActionIcon, Alert, Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { MAX_CAMPAIGN_NETWORKS, type Network } from '@switchboard/contract';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { Draft } from '../../hooks/use-draft';
import { useCampaignsText } from '../../campaigns-text';

/** The chosen networks first, in their order, then the others as the workspace lists them. */
function ordered(networks: Network[], chosen: string[]): Network[] {
  const byId = new Map(networks.map((network) => [network.id, network]));
  const first = chosen.map((id) => byId.get(id)).filter((network): network is Network => !!network);
  return [...first, ...networks.filter((network) => !chosen.includes(network.id))];
}

/** Step 2: the networks it goes out through, filled in turn up to each one's rate. */
export function NetworksStep({ draft, networks }: { draft: Draft; networks: Network[] }) {
  const t = useCampaignsText();
  const chosen = draft.values.networkIds;
  if (networks.length === 0) return <Alert color="yellow">{t('networksStep.none')}</Alert>;

  const toggle = (id: string, on: boolean) =>
    draft.change({ networkIds: on ? [...chosen, id] : chosen.filter((item) => item !== id) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    draft.change({ networkIds: next });
  };

  return (
    <Stack gap="sm" maw={620}>
      <Text size="sm" c="dimmed">
        {t('networksStep.intro')}
      </Text>
      {ordered(networks, chosen).map((network) => {
        const index = chosen.indexOf(network.id);
        const full = index === -1 && chosen.length >= MAX_CAMPAIGN_NETWORKS;
        return (
          <Paper key={network.id} withBorder p="sm" radius="md" data-testid="campaign-network">
            <Group justify="space-between" wrap="nowrap">
              <Checkbox
                checked={index !== -1}
                disabled={full}
                onChange={(event) => toggle(network.id, event.currentTarget.checked)}
                label={
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {network.name}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {network.address}
                    </Text>
                    {!network.enabled && (
                      <Badge size="xs" variant="default">
                        {t('networksStep.disabled')}
                      </Badge>
                    )}
                  </Group>
                }
                description={
                  full
                    ? t('networksStep.tooMany', { n: MAX_CAMPAIGN_NETWORKS })
                    : t('networksStep.rate', { n: network.throughput })
                }
              />
              {index !== -1 && chosen.length > 1 && (
                <Group gap={4} wrap="nowrap">
                  <Badge variant="outline" size="sm">
                    {t('networksStep.order', { n: index + 1 })}
                  </Badge>
                  <ActionIcon
                    variant="subtle"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('networksStep.moveUp', { name: network.name })}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('networksStep.moveDown', { name: network.name })}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
