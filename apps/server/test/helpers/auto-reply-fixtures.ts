import type { CreateAutoReplyRuleBody } from '@switchboard/contract';

/** A "PRICE" keyword rule as a person would write it, with any field overridden. */
export const keywordRule = (overrides: Partial<CreateAutoReplyRuleBody> = {}): CreateAutoReplyRuleBody => ({
  name: 'Prices',
  trigger: { type: 'keyword', match: 'exact', keywords: ['PRICE'] },
  replyText: 'Hi {name}, our prices are at example.com/prices',
  ...overrides,
});
