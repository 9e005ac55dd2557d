/**
 * The page's one transport policy (product.md#requests), shared by every client a tab makes (the main
 * API client, the feed client, RTK Query through the first, the keep-alive progress save):
 *
 * - **A request budget**: a token bucket of REQUEST_BUDGET_BURST requests refilled at
 *   REQUEST_BUDGET_PER_SECOND. Every attempt (retries, refreshes and registrations included) takes a
 *   token and waits for one when the bucket is empty, so whatever fails or loops, a tab never sends more
 *   than a few requests a second to an address it shares with everybody behind it.
 * - **An API in trouble backs off**: one gate per API. An answer that says the API cannot serve (no
 *   answer, a time-out, 429, 502, 503, 504) puts its gate in trouble: from then on one request at a time
 *   goes through (a probe), 1 s × the number of troubles in a row apart (the spec's retry delay, so one
 *   failing request is retried exactly 1 s, 2 s, 3 s apart), and never before a `Retry-After` the API
 *   gave. Answers to requests sent before the trouble was known do not count again. Any other answer
 *   (a 2xx, a 401, a 404, a 500) means the API is there: the gate opens.
 */
import {
  REQUEST_BUDGET_BURST,
  REQUEST_BUDGET_PER_SECOND,
  RETRY_AFTER_MAX_MS,
  RETRY_DELAY_MS,
  RETRY_STATUSES,
  TROUBLE_BACKOFF_CAP_MS,
} from '../constants';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS);
}

/** The wait after `troubles` troubled answers in a row: 1 s × the count, capped. */
export function troubleBackoff(troubles: number): number {
  return Math.min(RETRY_DELAY_MS * troubles, TROUBLE_BACKOFF_CAP_MS);
}

/** Twice the longest back-off: an API in trouble is probed more often than that, so it stays remembered. */
const TROUBLE_MEMORY_MS = 2 * TROUBLE_BACKOFF_CAP_MS;

/** The token bucket every request of the tab draws from; waiters are served in turn. */
export class RequestBudget {
  private tokens: number;
  private updatedAt: number;
  private line: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: Clock,
    readonly burst = REQUEST_BUDGET_BURST,
    readonly perSecond = REQUEST_BUDGET_PER_SECOND,
  ) {
    this.tokens = burst;
    this.updatedAt = clock.now();
  }

  /** Takes a token if one is there now (for a request that is dropped rather than delayed). */
  tryTake(): boolean {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) * this.perSecond) / 1000);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Waits for a token, after everyone who asked before. */
  take(): Promise<void> {
    const turn = this.line.then(async () => {
      while (!this.tryTake()) await this.clock.sleep(Math.ceil(((1 - this.tokens) * 1000) / this.perSecond));
    });
    this.line = turn;
    return turn;
  }
}

/** What an answer says about the API: it is there, it is in trouble, or nothing (a cancelled request). */
export type Outcome = { kind: 'answered' } | { kind: 'trouble'; retryAfterMs?: number } | { kind: 'none' };

/** What an answer with `status` (0: none at all) says about its API, with the wait a `Retry-After` asked for. */
export function outcomeOfStatus(status: number, retryAfter: unknown, now: number): Outcome {
  if (status === 0 || status === 429 || (RETRY_STATUSES as readonly number[]).includes(status)) {
    return { kind: 'trouble', retryAfterMs: parseRetryAfter(retryAfter, now) };
  }
  return { kind: 'answered' };
}

/** A pass through a gate: when it was given and whether it was the one probe of an API in trouble. */
export interface Ticket {
  at: number;
  probe: boolean;
}

export class ApiGate {
  private troubles = 0;
  private backoffUntil = 0;
  private retryAfterUntil = 0;
  private escalatedAt = Number.NEGATIVE_INFINITY;
  private probing = false;
  private wakers = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  /** How many troubled answers in a row; 0 when the API answers. */
  get troubleCount(): number {
    return this.troubles;
  }

  private openAt(): number {
    return Math.max(this.backoffUntil, this.retryAfterUntil);
  }

  /** A pass now, or null: what `enter` would give without waiting. */
  tryEnter(): Ticket | null {
    const now = this.clock.now();
    if (now < this.openAt()) return null;
    // Troubles nobody has run into for a while are forgotten: the next request goes as on a well API.
    if (!this.probing && now - this.escalatedAt > TROUBLE_MEMORY_MS) this.troubles = 0;
    if (this.troubles === 0) return { at: now, probe: false };
    if (this.probing) return null;
    this.probing = true;
    return { at: now, probe: true };
  }

  /**
   * Waits until a request may go: at once when the API is well, else its turn as the probe. Answers null
   * when that turn has not come within `patienceMs`: the request is given up without being sent.
   */
  async enter(patienceMs = Number.POSITIVE_INFINITY): Promise<Ticket | null> {
    const deadline = this.clock.now() + patienceMs;
    for (;;) {
      const ticket = this.tryEnter();
      if (ticket) return ticket;
      const now = this.clock.now();
      if (now >= deadline) return null;
      const wait = Math.min(this.openAt(), deadline) - now;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.wakers.delete(wake);
          resolve();
        };
        this.wakers.add(wake);
        if (wait > 0) void this.clock.sleep(wait).then(wake);
      });
    }
  }

  /** Records what the answer to a request that went through said, and lets the next one try. */
  settle(ticket: Ticket, outcome: Outcome): void {
    if (ticket.probe) this.probing = false;
    const now = this.clock.now();
    if (outcome.kind === 'answered') {
      this.troubles = 0;
      this.backoffUntil = 0;
    } else if (outcome.kind === 'trouble') {
      if (outcome.retryAfterMs !== undefined)
        this.retryAfterUntil = Math.max(this.retryAfterUntil, now + outcome.retryAfterMs);
      // Answers to requests sent before the trouble was known say nothing new.
      if (ticket.at > this.escalatedAt) {
        this.troubles += 1;
        this.escalatedAt = now;
        this.backoffUntil = now + troubleBackoff(this.troubles);
      }
    }
    for (const wake of [...this.wakers]) wake();
  }
}

export type GateName = 'api' | 'feed';

export interface TransportPolicy {
  clock: Clock;
  budget: RequestBudget;
  gate(name: GateName): ApiGate;
  /** Lets a request through: its API's turn (null when it did not come in time), then a token of the budget. */
  admit(name: GateName, patienceMs?: number): Promise<Ticket | null>;
  /** A pass now or nothing, for a request that is dropped rather than delayed (a save as the page closes). */
  tryAdmit(name: GateName): Ticket | null;
}

export function createTransportPolicy(clock: Clock = realClock, budget = new RequestBudget(clock)): TransportPolicy {
  const gates = new Map<GateName, ApiGate>();
  const gate = (name: GateName) => {
    const found = gates.get(name) ?? new ApiGate(clock);
    gates.set(name, found);
    return found;
  };
  return {
    clock,
    budget,
    gate,
    async admit(name, patienceMs) {
      const ticket = await gate(name).enter(patienceMs);
      if (ticket) await budget.take();
      return ticket;
    },
    tryAdmit(name) {
      const ticket = gate(name).tryEnter();
      if (!ticket) return null;
      if (budget.tryTake()) return ticket;
      gate(name).settle(ticket, { kind: 'none' });
      return null;
    },
  };
}

let page: TransportPolicy | null = null;

/** The tab's one policy: every client of the page shares its budget and gates (`shared` is a singleton). */
export function transportPolicy(): TransportPolicy {
  page ??= createTransportPolicy();
  return page;
}

/** A fresh budget and fresh gates, as a new page has: for tests, which make many pages in one. */
export function resetTransportPolicy(): void {
  page = null;
}

/**
 * A `fetch` under the tab's policy, for the few requests that cannot go through axios (a keep-alive save
 * as the page closes, the start-up read of the rollout rules, load reports). It never waits: while its
 * API backs off or the tab's budget is spent it is not sent and answers null, and the caller does what
 * it does without an answer.
 */
export async function fetchUnderPolicy(
  input: string,
  init: RequestInit,
  gateName: GateName = 'api',
): Promise<Response | null> {
  const policy = transportPolicy();
  const ticket = policy.tryAdmit(gateName);
  if (!ticket) return null;
  const gate = policy.gate(gateName);
  try {
    const response = await fetch(input, init);
    gate.settle(ticket, outcomeOfStatus(response.status, response.headers.get('retry-after'), policy.clock.now()));
    return response;
  } catch (error) {
    gate.settle(ticket, outcomeOfStatus(0, null, policy.clock.now()));
    throw error;
  }
}
