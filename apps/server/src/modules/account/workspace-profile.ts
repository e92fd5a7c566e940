import type { UpdateWorkspaceProfileBody, WorkspaceProfile } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { AccountDeps } from './account-deps.js';
import type { ImageType } from './image-upload.js';

/** The public path of a workspace's logo; its version changes with every upload, so it is cached for good. */
export const logoPath = (workspaceId: string, version: number) => `/api/workspace-logos/${workspaceId}/${version}`;

/** The workspace's profile (`/profile-settings`, admins): name, company, address, time zone, logo, default network. */
export function createWorkspaceProfile(deps: AccountDeps) {
  const { workspaces, networks, images } = deps;
  const profiles = workspaces.profile;
  const notFound = () => new AppError('NOT_FOUND', 'Workspace not found.');

  async function get(workspaceId: string, userId: string): Promise<WorkspaceProfile> {
    // An empty patch answers the workspace as it is.
    const [workspace, profile] = await Promise.all([
      workspaces.update(workspaceId, {}, userId),
      profiles.find(workspaceId),
    ]);
    if (!profile) throw notFound();
    return {
      workspace,
      company: profile.company,
      address: profile.address ?? {},
      logoURL: profile.logoKey && profile.logoVersion ? logoPath(workspaceId, profile.logoVersion) : null,
      defaultNetworkId: profile.defaultNetworkId,
    };
  }

  async function checkDefaultNetwork(workspaceId: string, networkId: string): Promise<void> {
    const network = await networks.get(workspaceId, networkId).catch(() => undefined);
    if (!network?.enabled) {
      throw new AppError('VALIDATION_FAILED', 'Choose an enabled network of this workspace.', [
        { path: 'body.defaultNetworkId', message: 'Not an enabled network of this workspace.' },
      ]);
    }
  }

  return {
    get,

    /** The time zone goes through the workspace's own change (validated, audited, announced). */
    async update(workspaceId: string, userId: string, patch: UpdateWorkspaceProfileBody): Promise<WorkspaceProfile> {
      const { timeZone, ...rest } = patch;
      if (rest.defaultNetworkId) await checkDefaultNetwork(workspaceId, rest.defaultNetworkId);
      if (timeZone !== undefined) await workspaces.update(workspaceId, { timeZone }, userId);
      if (Object.keys(rest).length > 0 && !(await profiles.update(workspaceId, rest))) throw notFound();
      if (rest.defaultNetworkId !== undefined) networks.defaultChanged(workspaceId);
      const profile = await get(workspaceId, userId);
      if (rest.name !== undefined) workspaces.announce(profile.workspace);
      return profile;
    },

    async setLogo(workspaceId: string, userId: string, bytes: Buffer | null): Promise<WorkspaceProfile> {
      const key = bytes ? await images.save('logos', bytes) : null;
      const switched = await profiles.setLogo(workspaceId, key).catch(async (error: unknown) => {
        if (key) await images.remove(key);
        throw error;
      });
      if (!switched) throw notFound();
      if (switched.previousKey) await images.remove(switched.previousKey);
      return get(workspaceId, userId);
    },

    /** A logo's bytes and type (public: `<img>` sends no bearer); 404 for an old version or none. */
    async readLogo(workspaceId: string, version: number): Promise<{ bytes: Buffer; type: ImageType }> {
      const key = await profiles.findLogo(workspaceId, version);
      if (!key) throw new AppError('NOT_FOUND', 'No such logo.');
      return images.read(key);
    },
  };
}
