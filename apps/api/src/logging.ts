import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Fields of the one-line request log that its message already shows (see plugins/request-log). */
const SHOWN_IN_MESSAGE = ['method', 'url', 'statusCode', 'responseTime'];

/**
 * Readable lines for a person at a terminal (pino-pretty, in process), JSON lines for everything
 * else: a pipe, a file, a log collector, or any production start.
 *
 * JSON lines are written without blocking: a line waits while the previous write is under way,
 * and the lines that gathered meanwhile go out in one write. Writing each request's line at once
 * cost about a seventh of what a busy server could answer (decision 0034). Nothing is held back
 * when the server is quiet, and pino writes out what is left when the process exits (a crash
 * included; only a kill that gives no chance at all, SIGKILL or the OOM killer, can lose the
 * last lines).
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  isTTY = Boolean(process.stdout.isTTY),
): LoggerOptions {
  const level = config.LOG_LEVEL;
  if (level === 'silent') return { level };
  if (!isTTY || config.NODE_ENV === 'production') {
    return { level, stream: pino.destination({ dest: 1, sync: false }) };
  }
  return {
    level,
    stream: pretty({
      // Written at once, so that nothing is lost when the process exits right after a line.
      sync: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: ['pid', 'hostname', 'reqId', ...SHOWN_IN_MESSAGE].join(','),
      messageFormat: (log, messageKey) => {
        const message = String(log[messageKey] ?? '');
        return typeof log.reqId === 'string' ? `${message}  (request ${log.reqId})` : message;
      },
    }),
  };
}

/**
 * Fastify's per-request log lines without its 'incoming request' / 'request completed' pair and
 * its 'Route ... not found' line: plugins/request-log writes one line per request instead. Its
 * other lines (a response stream that fails, a serializer that fails ...) stay.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) super.requestCompleted(error, request, reply);
  }

  override routeNotFound(): void {}
}
