import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useCampaign } from '../api/use-campaign';
import { useCampaignEvents } from '../api/use-campaign-events';
import { useCampaignsText } from '../campaigns-text';
import { CampaignReport } from '../components/report/campaign-report';
import { CampaignWizard } from '../components/wizard/campaign-wizard';

/** /views/campaigns/:id: a draft opens its wizard; a started campaign shows its live report. */
export default function CampaignPage() {
  const { id = '' } = useParams();
  const etas = useCampaignEvents();
  const t = useCampaignsText();
  const errorMessage = useApiErrorMessage();
  const campaign = useCampaign(id);

  if (campaign.isPending) {
    return (
      <Center p="xl" role="status">
        <Loader size="sm" aria-label={t('list.loading')} />
      </Center>
    );
  }
  if (!campaign.data) {
    return (
      <Stack align="flex-start">
        <Alert color="red">{errorMessage(campaign.error)}</Alert>
        {!(campaign.error instanceof ApiError && campaign.error.status === 404) && (
          <Button variant="default" onClick={() => void campaign.refetch()}>
            {t('list.retry')}
          </Button>
        )}
        <Button component={Link} to="/views/campaigns" variant="subtle">
          {t('wizard.back')}
        </Button>
      </Stack>
    );
  }
  // The wizard keeps its own copy of the draft: a new one (another id) starts a new copy.
  if (campaign.data.state === 'draft') return <CampaignWizard key={campaign.data.id} campaign={campaign.data} />;
  return <CampaignReport campaign={campaign.data} etaSeconds={etas[campaign.data.id]} />;
}
