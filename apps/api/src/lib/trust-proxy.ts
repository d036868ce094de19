import type { Config } from '../config';

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify 5.12 fails closed on a bare hop count
 * (it cannot check who the nearest peer is), so a count becomes the function it used to be:
 * trust the nearest `count` hops. That is right only when every request passes those proxies,
 * which README (Configuration) says beside the setting.
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): TrustProxy {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
