/**
 * Campaign text personalisation, shared by the server (which sends) and the browser (which
 * previews): `{name}`, `{number}` and any custom field key, each with an optional default after a
 * bar, `{name|there}`. Braces that do not hold a variable (`{}`, `{ hi }`, `{Name}`) stay as
 * written. A variable with an empty value and no default is "missing": the server leaves that
 * recipient out and counts it.
 */

export type TemplatePart =
  { kind: 'text'; text: string } | { kind: 'variable'; key: string; fallback: string | null; source: string };

/** `{key}` or `{key|default}`: a key as custom field keys are made, a default without braces. */
const VARIABLE = /\{([a-z][a-z0-9_]{0,31})(?:\|([^{}]*))?\}/g;

/** The text as literal pieces and variables, in order. */
export function parseTemplate(body: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of body.matchAll(VARIABLE)) {
    if (match.index > last) parts.push({ kind: 'text', text: body.slice(last, match.index) });
    parts.push({ kind: 'variable', key: match[1]!, fallback: match[2] ?? null, source: match[0] });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The distinct variable keys a text uses, in order of first use. */
export function templateVariables(body: string): string[] {
  const keys = new Set<string>();
  for (const part of parseTemplate(body)) if (part.kind === 'variable') keys.add(part.key);
  return [...keys];
}

export interface Personalised {
  text: string;
  /** Keys with no value and no default (the text then keeps their `{…}`). */
  missing: string[];
}

/**
 * The text for one recipient. `values` holds `name`, `number` and the custom fields; a value that
 * is empty or only spaces counts as none, so the default (or "missing") applies.
 */
export function personalise(
  body: string | TemplatePart[],
  values: Readonly<Record<string, string | null | undefined>>,
): Personalised {
  const parts = typeof body === 'string' ? parseTemplate(body) : body;
  const missing: string[] = [];
  let text = '';
  for (const part of parts) {
    if (part.kind === 'text') {
      text += part.text;
      continue;
    }
    const value = values[part.key]?.trim();
    if (value) text += value;
    else if (part.fallback !== null) text += part.fallback;
    else {
      if (!missing.includes(part.key)) missing.push(part.key);
      text += part.source;
    }
  }
  return { text, missing };
}
