import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { allowedHosts, refusal } from '../../../mcp/src/transports/request-guard.ts';

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('allowedHosts', () => {
  it('lets the loopback names through on the port, and a bound address of its own', () => {
    expect([...allowedHosts('127.0.0.1', 3920)].sort()).toEqual(['127.0.0.1:3920', '[::1]:3920', 'localhost:3920']);
    expect(allowedHosts('::1', 80).has('[::1]:80')).toBe(true);
    expect(allowedHosts('192.168.1.5', 3920).has('192.168.1.5:3920')).toBe(true);
    // Bound to every address, it still names only the loopback ones: no name of another host is known to be its own.
    expect(allowedHosts('0.0.0.0', 3920).has('0.0.0.0:3920')).toBe(false);
  });
});

describe('refusal', () => {
  const hosts = allowedHosts('127.0.0.1', 3920);
  it.each([
    [{ host: '127.0.0.1:3920' }, null],
    [{ host: 'LOCALHOST:3920', origin: 'http://localhost:3920' }, null],
    [{ host: '127.0.0.1:3920', origin: 'http://127.0.0.1:3921' }, /another site/],
    [{ host: 'localhost:3920', origin: 'https://localhost:3920' }, /another site/],
    [{ host: 'evil.example:3920' }, /not this server/],
    [{}, /Host \(none\)/],
  ])('%j', (headers, expected) => {
    const why = refusal(requestWith(headers), hosts);
    if (expected === null) expect(why).toBeNull();
    else expect(why).toMatch(expected);
  });
});
