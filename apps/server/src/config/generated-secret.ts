import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The configured secret when set; otherwise a random one generated once and kept in
 * DATA_DIR/<fileName> (mode 600), so it survives restarts without a constant in the code.
 * Several instances must share the configured value (JWT_SECRET, SECRETS_KEY).
 */
export async function resolveGeneratedSecret(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, fileName);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}

/** The JWT secret and the secrets key: configured, or generated once into DATA_DIR. */
export async function resolveKeys(config: {
  jwtSecret?: string | undefined;
  secretsKey?: string | undefined;
  dataDir: string;
}): Promise<{ jwtSecret: string; secretsKey: string }> {
  return {
    jwtSecret: await resolveGeneratedSecret(config.jwtSecret, config.dataDir, 'jwt-secret'),
    secretsKey: await resolveGeneratedSecret(config.secretsKey, config.dataDir, 'secrets-key'),
  };
}
