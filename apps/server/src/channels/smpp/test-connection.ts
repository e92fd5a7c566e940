import type { SmppSettings } from '@switchboard/contract';
import smpp from 'smpp';
import { closeSession, requestOn } from './smpp-request.js';
import { describeStatus, SmppStatus } from './smpp-status.js';

export type ConnectionTestOutcome = { ok: true } | { ok: false; error: string };

const UNBIND_WAIT_MS = 1_000;

/**
 * Opens a bind of its own with the settings (beside any running bind), unbinds and closes.
 * The error is the centre's answer ("ESME_RINVPASWD (0x0e): invalid password") or the socket's
 * ("connect ECONNREFUSED 127.0.0.1:2775").
 */
export async function testSmppConnection(settings: SmppSettings, timeoutMs: number): Promise<ConnectionTestOutcome> {
  const { host, port } = settings;
  const session = smpp.connect({ host, port });
  const connected = new Promise<void>((resolve) => session.on('connect', resolve));
  // Once bound the test has passed, whatever happens to the connection while unbinding.
  let bound = false;
  const dropped = new Promise<ConnectionTestOutcome>((resolve) => {
    session.on('error', (error) => {
      if (!bound) resolve({ ok: false, error: error.message });
    });
    session.on('close', () => {
      if (!bound) resolve({ ok: false, error: 'The SMS centre closed the connection without answering the bind' });
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ConnectionTestOutcome>((resolve) => {
    timer = setTimeout(() => {
      if (!bound) resolve({ ok: false, error: `No answer from ${host}:${port} within ${timeoutMs} ms` });
    }, timeoutMs);
  });

  const bindAndUnbind = async (): Promise<ConnectionTestOutcome> => {
    await connected;
    const response = await requestOn(
      session,
      'bind_transceiver',
      {
        system_id: settings.systemId,
        password: settings.password,
        system_type: settings.systemType,
        addr_ton: settings.sourceTon,
        addr_npi: settings.sourceNpi,
      },
      timeoutMs,
    );
    if (response.command_status !== SmppStatus.OK) return { ok: false, error: describeStatus(response.command_status) };
    bound = true;
    await requestOn(session, 'unbind', {}, UNBIND_WAIT_MS).catch(() => undefined);
    return { ok: true };
  };

  const outcome = await Promise.race([
    bindAndUnbind().catch((error: Error): ConnectionTestOutcome => ({ ok: false, error: error.message })),
    dropped,
    timedOut,
  ]);
  clearTimeout(timer);
  // After a failure there is nothing to be polite about (and a silent peer would never close).
  if (outcome.ok) await closeSession(session, UNBIND_WAIT_MS);
  else session.destroy();
  return outcome;
}
