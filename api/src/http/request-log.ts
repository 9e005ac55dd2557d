/**
 * The request log. Fastify's own writes an "incoming request" and a "request completed" line at
 * `info` for every request, which costs more than answering a cached list; here a fast successful
 * answer is written only at `debug`, while what an operator acts on stays at `info` and above: answers
 * of 500 and above and failed responses at `error`, answers slower than the configured threshold at
 * `info`. Fastify's other lines (errors of its default handler, broken streams) are kept as they are.
 */
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { type AppConfig, type RequestLogConfig, requestLogFromEnv } from '../config';

class RequestLogController extends LogController {
  private readonly everyRequest: boolean;

  constructor(private readonly settings: RequestLogConfig) {
    super();
    this.everyRequest = settings.level === 'debug' || settings.level === 'trace';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (error || status >= 500) {
      request.log.error(
        { ...entry(request, status, ms), ...(error ? { err: error } : {}) },
        'request answered with a server error',
      );
    } else if (ms >= this.settings.slowRequestMs) {
      request.log.info(entry(request, status, ms), 'slow request');
    } else if (this.everyRequest) {
      request.log.debug(entry(request, status, ms), 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}

function entry(request: FastifyRequest, statusCode: number, ms: number) {
  return {
    req: { method: request.method, url: request.url },
    res: { statusCode },
    responseTime: Math.round(ms * 10) / 10,
  };
}

/** Fastify's `logger` and `logController` options for this configuration. */
export function loggerOptions(config: AppConfig): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!config.logger) return { logger: false };
  const requestLog = config.requestLog ?? requestLogFromEnv({});
  return {
    logger: {
      level: requestLog.level,
      ...(requestLog.destination ? { stream: requestLog.destination } : {}),
    },
    logController: new RequestLogController(requestLog),
  };
}
