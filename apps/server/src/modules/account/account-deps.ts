import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { AuthService } from '../auth/auth.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { PreferencesService } from '../preferences/preferences.service.js';
import type { UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { StoredImages } from './stored-images.js';

/** What the account module's use cases are built from (composition.ts). */
export interface AccountServiceDeps {
  db: Db;
  users: UsersService;
  auth: AuthService;
  workspaces: WorkspacesService;
  networks: NetworksService;
  preferences: PreferencesService;
  storage: FileStorage;
  mailer: Mailer;
  events: EventPublisher;
  secretBox: SecretBox;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface AccountDeps extends AccountServiceDeps {
  images: StoredImages;
}
