// Boundaries of the server (apps/server): see ARCHITECTURE.md "Server folders" and "Tables and
// their owners".
//
// 1. One owner per table. Only the owning module's repository files (`*.repository.ts`, and
//    `*.sql.ts`: SQL pieces the owner lends to other repositories' statements) may import the
//    Drizzle schema, and only the names of the tables it owns. Everything else asks the owner's
//    service. Exempt: src/db/** (opens the database and migrates, so it sees every table). The
//    large-data generator (apps/server/scripts/seed-large.ts) lies outside src/ on purpose.
// 2. A module, channel or anything else in src/ calls another module's service, never its
//    repository, whatever the path looks like (`../x/x.repository.js`, `../../modules/…`).
// 3. A module's `*.sql.ts` is imported by other modules' repositories only, never by services.
// 4. No function is over 120 lines.

/** Module (folder under src/modules) → the schema exports (tables, their enums and row types) it owns. */
export const TABLE_OWNERS = {
  workspaces: ['workspaces', 'usagePeriods', 'workspaceAuditLog'],
  users: ['users', 'userRole', 'userStatus', 'UserLocation', 'UserRow', 'recoveryCodes', 'emailVerifications'],
  auth: ['sessions', 'refreshTokens', 'passwordResets', 'loginFailures'],
  networks: [
    'networks',
    'networkLeases',
    'networkLogs',
    'androidDevices',
    'networkKind',
    'networkStatus',
    'networkLogKind',
  ],
  contacts: [
    'contacts',
    'contactLists',
    'contactListMembers',
    'contactConsentEvents',
    'contactFields',
    'consentSource',
    'contactImports',
    'contactImportState',
  ],
  messaging: ['conversations', 'messages', 'messageDirection', 'messageState', 'messageEncoding', 'messageOrigin'],
  voice: ['voiceMessages', 'voiceContentType'],
  campaigns: ['campaigns', 'campaignState', 'CampaignAudienceValue', 'CampaignExclusionsValue'],
  'auto-reply': ['autoReplyRules', 'autoReplyFirings'],
  'developer-api': ['apiKeys', 'idempotencyKeys', 'messageBatches', 'BatchRefusalCounts'],
  webhooks: ['webhookEndpoints', 'webhookDeliveries', 'webhookAttempts', 'smsgateSigningKeys'],
  'smsgate-api': ['smsgateMessages', 'smsgateSettings', 'smsgateRevokedTokens'],
  coordination: ['rateLimitCounters', 'jobTurns'],
  billing: ['billingSubscriptions', 'billingOrders', 'billingProviderEvents', 'PendingSignUp'],
  'billing/invoices': ['invoices', 'invoiceCounters', 'billingProfiles'],
  team: ['invitations', 'InvitationRow'],
};

const SCHEMA = '(^|/)db/schema(/|$)';
// Not `./x.repository.js` (the file's own module): any other path ending in .repository or .sql.
const OTHER_REPOSITORY = '^(?!\\./[^/]+$).*\\.repository(\\.[cm]?[jt]s)?$';
const OTHER_SQL = '^(?!\\./[^/]+$).*\\.sql(\\.[cm]?[jt]s)?$';

const noOtherRepository = {
  regex: OTHER_REPOSITORY,
  message: "Call the other module's service, not its repository (ARCHITECTURE.md: one owner per table).",
};
const noOtherSql = {
  regex: OTHER_SQL,
  message: "Another module's SQL pieces are for repositories only; a service calls that module's service.",
};
const noSchema = {
  regex: SCHEMA,
  message: "Only the owning module's repository reads or writes a table: call its service (ARCHITECTURE.md).",
};

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const SRC = 'apps/server/src';
const repositoryFiles = (module) => [`${SRC}/modules/${module}/*.repository.ts`, `${SRC}/modules/${module}/*.sql.ts`];

export default [
  // 4. No closure that is a module in disguise: split a factory or route plugin by use case.
  {
    files: [`${SRC}/**/*.ts`],
    rules: { 'max-lines-per-function': ['error', { max: 120, IIFEs: true }] },
  },
  {
    files: [`${SRC}/**/*.ts`],
    ignores: [`${SRC}/db/**`, `${SRC}/**/*.test.ts`],
    rules: restrict(noSchema, noOtherRepository, noOtherSql),
  },
  // Any module's repository may embed another module's SQL pieces (never its repository).
  {
    files: [`${SRC}/modules/*/*.repository.ts`, `${SRC}/modules/*/*.sql.ts`],
    rules: restrict(noSchema, noOtherRepository),
  },
  // The owner's repository files: its own tables only.
  ...Object.entries(TABLE_OWNERS).map(([module, names]) => ({
    files: repositoryFiles(module),
    rules: restrict(
      {
        regex: SCHEMA,
        allowImportNames: names,
        message: `The ${module} module owns only ${names.filter((n) => /^[a-z]/.test(n) && !/(Role|Status|Kind|State|Direction|Encoding|Origin|Type)$/.test(n)).join(', ')}; ask the owner's service for other tables (ARCHITECTURE.md).`,
      },
      noOtherRepository,
    ),
  })),
];
