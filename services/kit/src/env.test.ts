import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRegisterUrl } from './env.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('REGISTER_URL of a service that asks the register about events', () => {
  it('is the register on this machine by default, or the replicas given, in order', () => {
    expect(readRegisterUrl('stock', {})).toBe('http://127.0.0.1:8102');
    expect(readRegisterUrl('stock', { REGISTER_URL: 'http://10.0.0.5:8102, http://10.0.0.6:8102' })).toBe(
      'http://10.0.0.5:8102, http://10.0.0.6:8102',
    );
  });

  it('stops the service at boot with a clear message for a value that is not an http(s) URL', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    expect(() => readRegisterUrl('accounting', { REGISTER_URL: 'http://10.0.0.5:8102,ftp://x' })).toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(written.join('')).toContain('[accounting] invalid configuration:\n- REGISTER_URL must be an http(s) URL');
  });
});
