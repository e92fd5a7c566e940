import { Grid, Stack } from '@mantine/core';
import { AppSection } from '../components/app-section';
import { ClientSection } from '../components/client-section';
import { HttpsSection } from '../components/https-section';
import { SetupSection } from '../components/setup-section';
import { useServerUrls } from '../hooks/use-server-urls';

/**
 * /downloads (spec §1 "Android API app download"): the SMSGate Android app, pairing a phone with
 * this server, why it needs https, and the developer API's client library.
 */
export default function DownloadsPage() {
  const urls = useServerUrls();
  return (
    <Stack gap="xl">
      <AppSection />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <SetupSection mobileUrl={urls.mobile} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <HttpsSection mobileUrl={urls.mobile} https={urls.https} />
        </Grid.Col>
      </Grid>
      <ClientSection thirdPartyUrl={urls.thirdParty} />
    </Stack>
  );
}
