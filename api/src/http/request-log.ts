/**
 * The request log. Fastify's own logs an "incoming request" and a "request completed" line at `info`
 * for every request, which costs more than answering a cached list; here a fast successful answer is
 * written only at `debug`, while what an operator acts on stays at `info` and above: answers of 500 and
 * above at `error`, answers slower than the configured threshold at `info`.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig, RequestLogConfig } from '../config';
import { requestLogFromEnv } from '../config';

/** Fastify's `logger` and `disableRequestLogging` options for this configuration. */
export function loggerOptions(
  config: AppConfig,
): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> & { requestLog: RequestLogConfig | null } {
  if (!config.logger) return { logger: false, disableRequestLogging: true, requestLog: null };
  const requestLog = config.requestLog ?? requestLogFromEnv({});
  return {
    logger: {
      level: requestLog.level,
      ...(requestLog.destination ? { stream: requestLog.destination } : {}),
    },
    disableRequestLogging: true,
    requestLog,
  };
}

/** Logs each answer once it is sent, at the level its status and time deserve. */
export function registerRequestLog(app: FastifyInstance, requestLog: RequestLogConfig | null): void {
  if (!requestLog || requestLog.level === 'silent') return;
  const { slowRequestMs } = requestLog;
  const everyRequest = requestLog.level === 'debug' || requestLog.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500) {
      request.log.error(entry(request.method, request.url, status, ms), 'request answered with a server error');
    } else if (ms >= slowRequestMs) {
      request.log.info(entry(request.method, request.url, status, ms), 'slow request');
    } else if (everyRequest) {
      request.log.debug(entry(request.method, request.url, status, ms), 'request completed');
    }
    done();
  });
}

function entry(method: string, url: string, statusCode: number, ms: number) {
  return { req: { method, url }, res: { statusCode }, responseTime: Math.round(ms * 10) / 10 };
}
