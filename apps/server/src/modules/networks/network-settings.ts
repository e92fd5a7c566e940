import {
  HttpSettingsPatchSchema,
  HttpSettingsSchema,
  SmppSettingsPatchSchema,
  SmppSettingsSchema,
  type UpdateNetworkBody,
} from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { NetworkRow } from './networks.repository.js';

/**
 * A settings patch applied to a saved SMPP or HTTP network: the patch is checked on its own, then
 * the whole result (stored settings, opened secrets, patch) against the kind's schema, so a
 * patch can never leave a network with settings it could not have been created with.
 */
export function patchedSettings(
  current: NetworkRow,
  secrets: Record<string, string>,
  patch: NonNullable<UpdateNetworkBody['settings']>,
): Record<string, unknown> {
  if (current.kind !== 'smpp' && current.kind !== 'http') {
    throw new AppError('WRONG_NETWORK_KIND', `A ${current.kind} network has no settings to change.`);
  }
  const parsedPatch = (current.kind === 'smpp' ? SmppSettingsPatchSchema : HttpSettingsPatchSchema).safeParse(patch);
  const full = parsedPatch.success
    ? (current.kind === 'smpp' ? SmppSettingsSchema : HttpSettingsSchema).safeParse({
        ...current.settings,
        ...secrets,
        ...parsedPatch.data,
      })
    : parsedPatch;
  if (!full.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Some settings are not valid for this network.',
      full.error.issues.map((issue) => ({
        path: `body.settings.${issue.path.join('.')}`,
        message: issue.message,
      })),
    );
  }
  return full.data;
}
