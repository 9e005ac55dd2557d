/**
 * Keyless stand-ins stay on the machine they run on. The dev outbox (`/api/dev/*`), the dev checkout
 * pages and the dev payment provider's money routes hand out sign-in links and free coins by design, so
 * they answer only clients on this machine unless a demo deployment opens them (DEV_TOOLS=open).
 *
 * "On this machine" means the socket's peer AND every address in X-Forwarded-For are loopback: a proxy
 * on this host forwarding a remote visitor is not local, and a forged `X-Forwarded-For: 127.0.0.1` from
 * a remote socket is not either — whatever TRUST_PROXY says.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppConfig } from '../config';
import { hookList } from './route-hooks';
import type { TypedFastify } from './type-provider';

const LOOPBACK = [/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/, /^::1$/, /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.trim().replace(/^\[|\]$/g, '');
  return LOOPBACK.some((pattern) => pattern.test(bare));
}

/** True when the request comes from this machine, with no hop elsewhere in between. */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.every(isLoopbackAddress);
}

export const DEV_TOOL_REMOTE_MESSAGE =
  'This development tool only answers on the machine the server runs on. Open it there, or start the server with DEV_TOOLS=open for a demo deployment.';

export const DEV_PAYMENTS_REMOTE_MESSAGE =
  'Payments on this server run in local test mode, which only works on the machine the server runs on. Nothing was charged.';

export interface LocalOnlyRule {
  /** Decides from the matched route pattern (e.g. `/api/dev-checkout/:session_id`) and method. */
  matches: (routeUrl: string, method: string) => boolean;
  statusCode: number;
  message: string;
}

type LocalOnlyGuard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The route-level hook of one guarded route: its rule for each method it answers. */
function localOnlyGuardFor(ruleByMethod: ReadonlyMap<string, LocalOnlyRule>): LocalOnlyGuard {
  return function localOnlyGuard(request, reply, done) {
    const rule = ruleByMethod.get(request.method);
    if (!rule || fromThisMachine(request)) {
      done();
      return;
    }
    reply.status(rule.statusCode).send({ message: rule.message });
  };
}

/** The name every guarded route's onRequest hook carries (`app.printRoutes({ includeHooks: true })`). */
export const LOCAL_ONLY_GUARD_NAME = 'localOnlyGuard';

/**
 * Refuses requests to matching routes from other machines. Called on the plugin whose routes it
 * guards, before they are registered: each route is matched once, when it is added, and only the
 * matching ones get the guard as their own first onRequest hook, so every other request never runs it.
 * `open` turns the guard off (a demo deployment that asked for it).
 */
export function guardLocalOnly(app: TypedFastify, rules: LocalOnlyRule[], open: boolean) {
  if (open || rules.length === 0) return;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const ruleByMethod = new Map<string, LocalOnlyRule>();
    for (const method of methods) {
      const rule = rules.find((candidate) => candidate.matches(route.url, method));
      if (rule) ruleByMethod.set(method, rule);
    }
    if (ruleByMethod.size === 0) return;
    route.onRequest = [localOnlyGuardFor(ruleByMethod), ...hookList(route.onRequest)] as typeof route.onRequest;
  });
}

/** The dev-only routes: the outbox and the dev checkout pages. */
export const DEV_TOOL_ROUTES: LocalOnlyRule = {
  matches: (url) => url.startsWith('/api/dev/') || url.startsWith('/api/dev-checkout/'),
  statusCode: 403,
  message: DEV_TOOL_REMOTE_MESSAGE,
};

/** Routes through which the dev payment provider would grant coins, Gold or cards without money. */
const DEV_PROVIDER_MONEY_ROUTES = new Set([
  'POST /api/coins/purchase/',
  'POST /api/subscriptions/create/',
  'POST /api/payments/create-intent/',
  'POST /api/payments/confirm/',
  'POST /api/payment-methods/',
  'POST /api/payment-methods/setup-intent/',
  'POST /api/dev-payment-methods/',
]);

export const DEV_PROVIDER_ROUTES: LocalOnlyRule = {
  matches: (url, method) => DEV_PROVIDER_MONEY_ROUTES.has(`${method} ${url.endsWith('/') ? url : `${url}/`}`),
  statusCode: 503,
  message: DEV_PAYMENTS_REMOTE_MESSAGE,
};

/** Says who can reach the started instance, so nobody exposes it to a network by surprise. */
export function reachability(config: Pick<AppConfig, 'host' | 'devRoutes' | 'devToolsOpen'>): string {
  const local = config.host === 'localhost' || isLoopbackAddress(config.host);
  const who = local
    ? `Only this machine can reach it (HOST=${config.host}); set HOST=0.0.0.0 to offer it to your network.`
    : `Other machines can reach it (HOST=${config.host}).`;
  const tools = !config.devRoutes
    ? 'Dev tools are off.'
    : config.devToolsOpen
      ? 'Dev tools (mail outbox, test checkout) answer every client (DEV_TOOLS=open).'
      : 'Dev tools (mail outbox, test checkout) answer this machine only.';
  return `${who} ${tools}`;
}
