import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

/** A person known to the local provider; `emailVerified` is what its ID token says. */
interface TestIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  identities: Map<string, TestIdentity>;
  /**
   * What a browser does at the provider: follows the authorization URL, logs in as `sub` and
   * consents, and answers the redirect back to the app (its callback URL with code and state).
   */
  signIn: (authorizationUrl: string, sub: string) => Promise<URL>;
  close: () => Promise<void>;
}

/** Cookies by name, as a browser would send them back (paths and domains ignored: one site each). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string | string[] | undefined): void {
    for (const line of [setCookies ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const isExpired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The subject the login form gives an e-mail: the same e-mail is the same person at the provider. */
const formSubject = (email: string) => `form:${email.trim().toLowerCase()}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The provider's login page for a real browser (the end-to-end suite): an e-mail, a name and
 * whether the provider vouches for the e-mail. It logs in and consents in one step.
 */
function loginForm(action: string, clientId: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local provider: sign in</title></head>
<body>
<main>
<h1>Sign in to ${escapeHtml(clientId)}</h1>
<form method="post" action="${escapeHtml(action)}">
<p><label for="email">Email</label> <input id="email" name="email" type="email" required></p>
<p><label for="name">Name</label> <input id="name" name="name" type="text"></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><button type="submit">Sign in</button></p>
</form>
</main>
</body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID provider (oidc-provider) on loopback with one confidential client whose only
 * redirect URI is `redirectUri`. Its login and consent page is replaced by an endpoint that
 * logs in the account named by `?sub=` at once, so tests drive it with plain HTTP; without
 * `?sub=` a browser gets a login form (loginForm), whose e-mail names the person (formSubject).
 */
export async function startLocalOidcProvider(redirectUri: string): Promise<LocalOidcProvider> {
  const identities = new Map<string, TestIdentity>();
  const clientId = 'brushworks-shop';
  const clientSecret = randomBytes(24).toString('base64url');

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    void res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // As Google does: the ID token itself carries the e-mail claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: identity.email,
          email_verified: identity.emailVerified,
          name: identity.name ?? 'Social Painter',
        }),
      };
    },
  });

  const logIn = async (req: IncomingMessage, res: ServerResponse, sub: string) => {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };
  const providerCallback = provider.callback();
  /** The login form: GET shows it, POST records the person it describes and logs them in. */
  const formInteraction = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'POST') {
      const details = await provider.interactionDetails(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(loginForm(url.pathname, String(details.params.client_id)));
      return;
    }
    const form = await readForm(req);
    const email = form.get('email')?.trim() ?? '';
    if (!email) {
      res.writeHead(400).end('an e-mail is required');
      return;
    }
    const sub = formSubject(email);
    identities.set(sub, {
      sub,
      email,
      emailVerified: form.get('email_verified') === 'true',
      name: form.get('name')?.trim() || undefined,
    });
    await logIn(req, res, sub);
  };
  handle = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (!url.pathname.startsWith('/interaction/')) return providerCallback(req, res);
    const sub = url.searchParams.get('sub');
    (sub === null ? formInteraction(req, res, url) : logIn(req, res, sub)).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  };

  const signIn = async (authorizationUrl: string, sub: string): Promise<URL> => {
    const jar = new CookieJar();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(redirectUri)) return url;
      if (url.pathname.startsWith('/interaction/')) url.searchParams.set('sub', sub);
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: jar.header() },
        signal: AbortSignal.timeout(5000),
      });
      jar.store(response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    identities,
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
