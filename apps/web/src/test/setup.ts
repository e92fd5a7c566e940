import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Mantine reads these browser APIs, which jsdom does not have. The tests' "browser" prefers reduced
// motion, so Mantine's transitions (see test/mantine.tsx) leave no timers behind.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => cleanup());
