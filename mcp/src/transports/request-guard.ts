/**
 * Which HTTP requests reach the MCP endpoint. A server on 127.0.0.1 can be reached by any web
 * page the user opens, through DNS rebinding (a name of the attacker's that resolves to
 * 127.0.0.1): such a request carries the attacker's host name in `Host` and its site in `Origin`.
 * Only the names of this server are let through.
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** `host:port` pairs the `Host` header may name: the loopback names, and the bound host when it is another. */
export function allowedHosts(boundHost: string, port: number): Set<string> {
  const bound = boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost;
  const names = bound === '0.0.0.0' || bound === '[::]' ? LOOPBACK_NAMES : [...new Set([...LOOPBACK_NAMES, bound])];
  return new Set(names.map((name) => `${name}:${port}`.toLowerCase()));
}

/** Why a request is refused (then 403), or null. */
export function refusal(request: IncomingMessage, hosts: Set<string>): string | null {
  const host = request.headers.host?.toLowerCase();
  if (!host || !hosts.has(host)) return `Host ${host ?? '(none)'} is not this server`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Origin ${origin.slice(0, 100)} is not a URL`;
  }
  // This server speaks plain HTTP: a page of its own origin is http://<one of its hosts>.
  const own = url.protocol === 'http:' && hosts.has(`${url.hostname}:${url.port || 80}`.toLowerCase());
  return own ? null : `Origin ${origin.slice(0, 100)} is another site`;
}
