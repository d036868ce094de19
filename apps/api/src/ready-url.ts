import type { Config } from './config';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0']);
const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

/**
 * The address to open the shop at, for the ready line: PUBLIC_URL when set; otherwise
 * http://localhost:PORT when listening on every interface or on loopback, else the host itself.
 */
export function readyUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST'>, port: number): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST.toLowerCase();
  if (WILDCARD_HOSTS.has(host) || LOOPBACK_HOSTS.has(host) || host.startsWith('127.')) {
    return `http://localhost:${port}`;
  }
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare.includes(':') ? `http://[${bare}]:${port}` : `http://${bare}:${port}`;
}

/**
 * Fastify's `listenTextResolver`: the text of the info line Fastify logs for each address it
 * listens on. The first one becomes the ready line, 'Shop ready at ...' (printed once); any
 * further address (HOST=localhost binds IPv4 and IPv6, a wildcard HOST lists every interface)
 * gets a short 'also listening at' line.
 */
export function readyLineResolver(config: Pick<Config, 'PUBLIC_URL' | 'HOST'>) {
  let announced = false;
  return (address: string): string => {
    if (announced) return `also listening at ${address}`;
    announced = true;
    // The bound port, which PORT=0 leaves to the system.
    return `Shop ready at ${readyUrl(config, Number(new URL(address).port))}`;
  };
}
