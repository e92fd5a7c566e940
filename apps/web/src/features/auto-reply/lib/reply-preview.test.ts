import { describe, expect, it } from 'vitest';
import { renderReply } from '@switchboard/contract';
import { insertAt } from './reply-preview';

const values = { name: '', number: '+12025550123', keyword: 'PRICE', network: 'Sandbox', date: '2026-03-10' };

describe('renderReply', () => {
  it('fills the variables as the server does and tidies the spaces an empty one leaves', () => {
    expect(renderReply('Hi {name}, {keyword} on {network} ({date}) for {number}. ', values)).toBe(
      'Hi , PRICE on Sandbox (2026-03-10) for +12025550123.',
    );
    expect(renderReply('Dear {name} customer', values)).toBe('Dear customer');
  });

  it('leaves unknown placeholders as written (saving refuses them)', () => {
    expect(renderReply('Hi {firstname}', values)).toBe('Hi {firstname}');
  });
});

describe('insertAt', () => {
  it('replaces the selection and puts the cursor behind the insert', () => {
    expect(insertAt('Hello world', '{name}', { start: 6, end: 11 })).toEqual({ text: 'Hello {name}', cursor: 12 });
    expect(insertAt('Hi', '{name}', { start: 99, end: 99 })).toEqual({ text: 'Hi{name}', cursor: 8 });
  });
});
