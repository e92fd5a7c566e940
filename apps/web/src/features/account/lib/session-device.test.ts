import { describe, expect, it } from 'vitest';
import { browserAndSystem, deviceKind } from './session-device';

describe('session device', () => {
  it('names phones and tablets, and takes anything else for a computer', () => {
    expect(deviceKind({ device: 'mobile' })).toBe('mobile');
    expect(deviceKind({ device: 'tablet' })).toBe('tablet');
    expect(deviceKind({ device: null })).toBe('desktop');
    expect(deviceKind({ device: 'smarttv' })).toBe('desktop');
  });

  it('joins the browser and the system that are known', () => {
    expect(browserAndSystem({ browser: 'Chrome 131', os: 'Android 14' })).toBe('Chrome 131 · Android 14');
    expect(browserAndSystem({ browser: null, os: 'Linux' })).toBe('Linux');
    expect(browserAndSystem({ browser: null, os: null })).toBeNull();
  });
});
