import fp from 'fastify-plugin';

/**
 * One log line per request, written when the response is sent (Fastify's own pair of
 * 'incoming request' / 'request completed' lines is turned off in app.ts). The request id comes
 * from the request's logger. The query string is left out: it can carry secrets (sign-in
 * callbacks' codes, tokens).
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const url = request.url.split('?', 1)[0] ?? '';
      const { method } = request;
      const { statusCode } = reply;
      const responseTime = Math.round(reply.elapsedTime * 10) / 10;
      const fields = { method, url, statusCode, responseTime };
      const message = `${method} ${url} ${statusCode} ${responseTime} ms`;
      if (statusCode >= 500) reply.log.error(fields, message);
      else reply.log.info(fields, message);
      done();
    });
  },
  { name: 'request-log' },
);
