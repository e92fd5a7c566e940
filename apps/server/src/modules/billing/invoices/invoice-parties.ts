import type { BillingProfile, InvoiceParty } from '@switchboard/contract';

/**
 * The seller printed on every invoice, from the INVOICE_SELLER setting:
 * `name|company|e-mail|address line|…`. Empty parts are left out (company and e-mail become null);
 * a setting with only a name is a seller with a name.
 */
export function parseSeller(setting: string): InvoiceParty {
  const [name = '', company = '', email = '', ...addressLines] = setting.split('|').map((part) => part.trim());
  return {
    name: name || company || 'Switchboard',
    company: company || null,
    addressLines: addressLines.filter((line) => line.length > 0),
    email: email || null,
    vatId: null,
  };
}

/** The buyer of an invoice: the workspace's billing profile as it is at issue (frozen in the invoice). */
export function buyerFromProfile(profile: BillingProfile): InvoiceParty {
  return {
    name: profile.name,
    company: profile.company,
    addressLines: profile.addressLines.filter((line) => line.length > 0),
    email: profile.email,
    vatId: profile.vatId,
  };
}
