import { TextInput } from '@mantine/core';
import { MAX_CAMPAIGN_NAME_LENGTH } from '@switchboard/contract';
import type { Draft } from '../../hooks/use-draft';
import { useCampaignsText } from '../../campaigns-text';

/** Step 1: what the team calls the campaign. */
export function NameStep({ draft }: { draft: Draft }) {
  const t = useCampaignsText();
  return (
    <TextInput
      label={t('nameStep.label')}
      description={t('nameStep.help')}
      value={draft.values.name}
      onChange={(event) => draft.change({ name: event.currentTarget.value })}
      maxLength={MAX_CAMPAIGN_NAME_LENGTH}
      required
      maw={480}
      data-autofocus
    />
  );
}
