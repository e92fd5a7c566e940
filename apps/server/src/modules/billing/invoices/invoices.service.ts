import type { BillingProfile, Invoice, InvoiceParty } from '@switchboard/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import type { UsersService } from '../../users/users.service.js';
import type { WorkspacesService } from '../../workspaces/workspaces.service.js';
import { createBillingProfilesRepository } from './billing-profiles.repository.js';
import { buyerFromProfile, parseSeller } from './invoice-parties.js';
import { createInvoiceIssuer, type BillingOrderRow } from './invoice-issue.js';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';
import { createInvoicesRepository } from './invoices.repository.js';

export type { BillingOrderRow } from './invoice-issue.js';

export interface InvoicesOptions {
  /** INVOICE_SELLER (config.billing.seller): `name|company|e-mail|address line|…`. */
  seller: string;
  /** TAX_RATE_PERCENT (config.billing.taxRatePercent), printed with the tax line. */
  taxRatePercent: number;
  workspaces: Pick<WorkspacesService, 'find'>;
  users: Pick<UsersService, 'members'>;
  /** The clock of issue dates (tests move it, e.g. across a new year). */
  now?: () => Date;
}

/**
 * Invoices and credit notes (issue 16): issued in the billing service's transactions through
 * `onPaid` / `onRefunded`, read and printed for the workspace's admins; and the buyer's billing
 * profile they print.
 */
export function createInvoices(db: Db, options: InvoicesOptions) {
  const repo = createInvoicesRepository(db);
  const profiles = createBillingProfilesRepository(db);

  /** The stored profile, else the workspace's name and an active admin's e-mail. */
  async function profileOf(workspaceId: string, tx: Db = db): Promise<BillingProfile> {
    const stored = await profiles.find(workspaceId, tx);
    if (stored) return stored;
    const workspace = await options.workspaces.find(workspaceId, tx);
    if (!workspace) throw new AppError('NOT_FOUND', 'Workspace not found.');
    const members = await options.users.members.list(workspaceId, tx);
    const admins = members.filter((m) => m.role === 'admin');
    const admin = admins.find((m) => m.status === 'active') ?? admins[0];
    return { name: workspace.name, company: null, email: admin?.email ?? null, addressLines: [], vatId: null };
  }

  const issuer = createInvoiceIssuer({
    repo,
    seller: parseSeller(options.seller),
    taxRatePercent: options.taxRatePercent,
    buyerOf: async (workspaceId: string, tx: Db): Promise<InvoiceParty> =>
      buyerFromProfile(await profileOf(workspaceId, tx)),
    now: options.now ?? (() => new Date()),
  });

  async function get(workspaceId: string, id: string): Promise<Invoice> {
    const invoice = await repo.find(workspaceId, id);
    if (!invoice) throw new AppError('NOT_FOUND', 'Invoice not found.');
    return invoice;
  }

  return {
    issueForOrder: issuer.issueForOrder,
    issueCreditNote: issuer.issueCreditNote,
    /** The billing service's hook after an order is paid, in its transaction. */
    onPaid: async (tx: Db, order: BillingOrderRow): Promise<void> => {
      await issuer.issueForOrder(tx, order);
    },
    /** The billing service's hook after a paid order is refunded, in its transaction. */
    onRefunded: async (tx: Db, order: BillingOrderRow): Promise<void> => {
      await issuer.issueCreditNote(tx, order);
    },

    /** Invoices and credit notes, newest first. */
    list: (workspaceId: string): Promise<Invoice[]> => repo.list(workspaceId),
    get,
    async pdf(workspaceId: string, id: string): Promise<{ fileName: string; pdf: Buffer }> {
      const invoice = await get(workspaceId, id);
      return { fileName: invoiceFileName(invoice), pdf: await renderInvoicePdf(invoice) };
    },

    /** The buyer's details printed on new invoices (a default from the workspace until saved). */
    profile: (workspaceId: string): Promise<BillingProfile> => profileOf(workspaceId),
    /** Saves them (the checkout of a new account, in its transaction; admins on the billing page). */
    saveProfile: (workspaceId: string, profile: BillingProfile, tx?: Db): Promise<BillingProfile> =>
      profiles.save(workspaceId, profile, tx),
  };
}

export type InvoicesService = ReturnType<typeof createInvoices>;
