import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@switchboard/contract';
import { api, apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** Query keys of the workspace's invoices (prefix `invoices`). */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: () => [...invoiceKeys.all, 'list'] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
};

export async function fetchInvoices(): Promise<Invoice[]> {
  const { invoices } = await api<{ invoices: Invoice[] }>('/api/invoices');
  return invoices;
}

export async function fetchInvoice(id: string): Promise<Invoice> {
  const { invoice } = await api<{ invoice: Invoice }>(`/api/invoices/${encodeURIComponent(id)}`);
  return invoice;
}

export const invoicesQuery = queryOptions({ queryKey: invoiceKeys.list(), queryFn: fetchInvoices });

/** The workspace's invoices and credit notes (`GET /api/invoices`, admins), as the server orders them. */
export function useInvoices() {
  return useQuery(invoicesQuery);
}

/** One invoice or credit note (`GET /api/invoices/:id`); another workspace's answers 404. */
export function useInvoice(id: string) {
  return useQuery({ queryKey: invoiceKeys.detail(id), queryFn: () => fetchInvoice(id) });
}

/**
 * The server's PDF of an invoice (`GET /api/invoices/:id/pdf`), fetched with the bearer token (a
 * plain link would carry none) and handed to the browser as a download named by the server.
 */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
  const { blob, fileName } = await apiFile(`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`);
  saveFile(blob, fileName ?? `${invoice.number}.pdf`);
}

/** The PDF download as a mutation: its pending state spins the button, its error is shown. */
export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}
