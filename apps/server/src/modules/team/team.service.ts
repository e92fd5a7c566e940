import type { PublicUser, TeamUser, UpdateTeamUserBody, UsersPage, UsersQuery } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { AuthService } from '../auth/auth.service.js';
import { toPublicUser, toTeamUser } from '../users/team-user.js';
import type { UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { createInvitationAcceptance } from './invitation-acceptance.js';
import { createInvitations } from './invitations.js';
import { createInvitationsRepository } from './invitations.repository.js';
import { createTeamAccess } from './team-access.js';

export interface TeamServiceDeps {
  db: Db;
  users: UsersService;
  workspaces: WorkspacesService;
  auth: AuthService;
  events: EventPublisher;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const notFound = () => new AppError('NOT_FOUND', 'No such user in this workspace.');

/**
 * The team (spec §1 user management): a workspace's users with every §3 field (pages, one
 * record, a colleague's public profile), the changes that act on a user's sessions at once
 * (team-access.ts), and invitations (the admins' side in invitations.ts, the invitee's in
 * invitation-acceptance.ts). Every call but the invitee's is scoped to the caller's workspace.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, users, workspaces } = deps;
  const repo = createInvitationsRepository(db);
  const access = createTeamAccess({ db, users, sessions: deps.auth, events: deps.events, workspaces });

  async function find(workspaceId: string, userId: string) {
    const row = await users.team.find(workspaceId, userId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(workspaceId: string, query: UsersQuery): Promise<UsersPage> {
      const { rows, total } = await users.team.page(workspaceId, query);
      return { users: rows.map(toTeamUser), total, page: query.page, perPage: query.perPage };
    },

    get: async (workspaceId: string, userId: string): Promise<TeamUser> => toTeamUser(await find(workspaceId, userId)),

    /** A colleague's public profile (any member); 404 for another workspace's user too. */
    getPublic: async (workspaceId: string, userId: string): Promise<PublicUser> =>
      toPublicUser(await find(workspaceId, userId)),

    update: async (workspaceId: string, actorId: string, userId: string, body: UpdateTeamUserBody): Promise<TeamUser> =>
      toTeamUser(await access.update(workspaceId, actorId, userId, body)),

    remove: (workspaceId: string, actorId: string, userId: string) => access.remove(workspaceId, actorId, userId),

    /** Role and status changes with the last-admin rule (the members module's role change too). */
    access,

    invitations: createInvitations({ ...deps, repo }),

    /** Public: the link is the credential. */
    acceptance: createInvitationAcceptance({ db, repo, users, workspaces, startSession: deps.auth.startSession }),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
