import { useQuery } from '@tanstack/react-query';
import type { AndroidSettingsViewSchema } from '@switchboard/contract';
import type { z } from 'zod';
import { networksQuery } from '../../../lib/queries/use-networks';
import { useCurrentUser } from '../../../lib/session';
import { serverUrls, type ServerUrls } from '../lib/server-urls';

type AndroidSettingsView = z.infer<typeof AndroidSettingsViewSchema>;

/**
 * This server's API URLs for the page: an admin's Android network says what the Add-Network
 * flow shows (the server's PUBLIC_URL); anyone else gets the page's origin.
 */
export function useServerUrls(): ServerUrls {
  const isAdmin = useCurrentUser()?.userRole === 'admin';
  const { data: networks } = useQuery({ ...networksQuery, enabled: isAdmin });
  const android = networks?.find((network) => network.kind === 'android');
  const networkUrl = android ? (android.settings as AndroidSettingsView).serverUrl : null;
  return serverUrls(window.location.origin, networkUrl);
}
