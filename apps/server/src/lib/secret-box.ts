import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals small secrets (SMPP passwords, provider auth tokens) for storage with AES-256-GCM. The key
 * is SHA-256 of the configured secrets key, so any long random string works as SECRETS_KEY.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>` (base64url); tampering fails the open.
 */
export function createSecretBox(secretsKey: string) {
  const key = createHash('sha256').update(secretsKey).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    /**
     * A secret derived from the secrets key for one purpose (HKDF-SHA256, base64url): the same
     * on every instance and never stored, so nothing needs sealing (e.g. an API key's callback
     * secret, derived from the key's id).
     */
    derive(purpose: string): string {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)).toString('base64url');
    },
    sealJson(value: Record<string, string>): string {
      return this.seal(JSON.stringify(value));
    },
    openJson(sealed: string | null): Record<string, string> {
      return sealed ? (JSON.parse(this.open(sealed)) as Record<string, string>) : {};
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** What the API shows instead of a secret: bullets and, for long secrets, the last 4 characters. */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length >= 12 ? `••••••••${secret.slice(-4)}` : '••••••••';
}
