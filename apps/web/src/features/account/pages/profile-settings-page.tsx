import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconBuilding, IconMessageCircleOff, IconPhoto } from '@tabler/icons-react';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAccountText } from '../account-text';
import { useWorkspaceProfile } from '../api/use-workspace-profile';
import { ComplianceLink } from '../components/compliance-link';
import { DeleteWorkspaceSection } from '../components/delete-workspace-section';
import { SettingsLayout } from '../components/settings-layout';
import { WorkspaceDetailsForm } from '../components/workspace-details-form';
import { WorkspaceLogo } from '../components/workspace-logo';

const icon = { size: 18, 'aria-hidden': true } as const;

/** /profile-settings (admins): the workspace's profile, its logo, the opt-out texts and deleting it. */
export default function ProfileSettingsPage() {
  const t = useAccountText();
  const errorMessage = useApiErrorMessage();
  const profile = useWorkspaceProfile();

  if (profile.isPending) return <Skeleton height={480} radius="lg" />;
  if (profile.isError)
    return (
      <Alert color="red" title={t('loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          {errorMessage(profile.error)}
          <Button size="xs" variant="default" onClick={() => void profile.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const data = profile.data;
  return (
    <SettingsLayout
      label={t('workspace.sections')}
      sections={[
        {
          id: 'workspace',
          label: t('workspace.title'),
          description: t('workspace.text'),
          icon: <IconBuilding {...icon} />,
          content: <WorkspaceDetailsForm profile={data} />,
        },
        {
          id: 'logo',
          label: t('logo.title'),
          description: t('logo.text'),
          icon: <IconPhoto {...icon} />,
          content: <WorkspaceLogo profile={data} />,
        },
        {
          id: 'opt-out',
          label: t('compliance.title'),
          icon: <IconMessageCircleOff {...icon} />,
          content: <ComplianceLink />,
        },
        {
          id: 'danger',
          label: t('delete.section'),
          icon: <IconAlertTriangle {...icon} />,
          content: <DeleteWorkspaceSection profile={data} />,
        },
      ]}
    />
  );
}
