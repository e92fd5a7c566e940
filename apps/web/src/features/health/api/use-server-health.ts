import { useEffect, useState } from 'react';

export type ServerHealth = 'checking' | 'ok' | 'unavailable';

/** Polls GET /api/health once on mount. */
export function useServerHealth(): ServerHealth {
  const [health, setHealth] = useState<ServerHealth>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as { status?: string };
        setHealth(response.ok && body.status === 'ok' ? 'ok' : 'unavailable');
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setHealth('unavailable');
      });
    return () => controller.abort();
  }, []);
  return health;
}
