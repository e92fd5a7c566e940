import { MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import type { CampaignAudience, ContactList } from '@switchboard/contract';
import type { Draft } from '../../hooks/use-draft';
import { useCampaignsText } from '../../campaigns-text';
import { AudienceCsv } from './audience-csv';

interface AudienceStepProps {
  draft: Draft;
  lists: ContactList[];
  tags: Array<{ tag: string; count: number }>;
}

/** Step 3: lists, tags or everyone, minus lists and tags to leave out; or a CSV just for it. */
export function AudienceStep({ draft, lists, tags }: AudienceStepProps) {
  const t = useCampaignsText();
  const audience = draft.values.audience;
  const set = (change: Partial<CampaignAudience>) => draft.change({ audience: { ...audience, ...change } });
  const listData = lists.map((list) => ({
    value: list.id,
    label: t('audienceStep.members', { name: list.name, n: list.memberCount }),
  }));
  const tagData = tags.map(({ tag, count }) => ({
    value: tag,
    label: t('audienceStep.members', { name: tag, n: count }),
  }));
  // A value no longer offered (a list deleted meanwhile) still shows as chosen until removed.
  const withChosen = (data: Array<{ value: string; label: string }>, chosen: string[]) => [
    ...data,
    ...chosen.filter((value) => !data.some((item) => item.value === value)).map((value) => ({ value, label: value })),
  ];

  return (
    <Stack gap="md" maw={620}>
      <Text size="sm" c="dimmed">
        {t('audienceStep.intro')}
      </Text>
      <Switch
        label={t('audienceStep.all')}
        checked={audience.all}
        onChange={(event) => set({ all: event.currentTarget.checked })}
      />
      {!audience.all && (
        <>
          <MultiSelect
            label={t('audienceStep.lists')}
            placeholder={t('audienceStep.listsPlaceholder')}
            data={withChosen(listData, audience.listIds)}
            value={audience.listIds}
            onChange={(listIds) => set({ listIds })}
            searchable
            clearable
          />
          <MultiSelect
            label={t('audienceStep.tags')}
            placeholder={t('audienceStep.tagsPlaceholder')}
            data={withChosen(tagData, audience.tags)}
            value={audience.tags}
            onChange={(chosen) => set({ tags: chosen })}
            searchable
            clearable
          />
          <AudienceCsv
            campaignName={draft.values.name}
            onList={(listId) =>
              draft.change((current) => ({
                audience: { ...current.audience, listIds: [...current.audience.listIds, listId] },
              }))
            }
          />
        </>
      )}
      <Title order={3} size="h5">
        {t('audienceStep.exclusions')}
      </Title>
      <MultiSelect
        label={t('audienceStep.excludeLists')}
        data={withChosen(listData, audience.excludeListIds)}
        value={audience.excludeListIds}
        onChange={(excludeListIds) => set({ excludeListIds })}
        searchable
        clearable
      />
      <MultiSelect
        label={t('audienceStep.excludeTags')}
        data={withChosen(tagData, audience.excludeTags)}
        value={audience.excludeTags}
        onChange={(excludeTags) => set({ excludeTags })}
        searchable
        clearable
      />
    </Stack>
  );
}
