/**
 * The hot read paths — the series list and the public-view poll every open tab sends each 2 s —
 * through the API's normal routing (every hook, schema and handler) against a bare Fastify app
 * answering the very same bytes (status, headers, body, recorded from the API first): the framework's
 * floor, goal ≥ 0.8×. A bare `node:http` server answering the same bytes is printed beside it for
 * context. The API runs twice, as its own processes on the embedded SQLite database with the demo
 * catalogue and its answer caches on: once with `npm start`'s settings (LOG_LEVEL unset, so info,
 * logging to its standard output; NODE_ENV unset) and once with the production settings
 * (NODE_ENV=production). The four servers are loaded in alternation, round after round, and each
 * figure is the median of its rounds, divided by a bare server's median. Beside requests per second,
 * requests per CPU second of each server's processes (read from /proc) are printed: what a request
 * costs, which the machine's other work disturbs far less.
 *
 * Both APIs run with the rate limit raised (RATE_LIMIT_PER_MINUTE): every request here comes from one
 * address, which `npm start`'s 1200 a minute would answer with 429 after a fraction of a second.
 * The frontends are not served (SERVE_FRONTENDS=false): their routes and hooks are scoped to their own
 * addresses and do not touch an API request.
 *
 *   npm run bench:api -w bench     (BENCH_ROUNDS=7 BENCH_SECONDS=3 BENCH_CONNECTIONS=50; BENCH_QUICK=1: a quick pass)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { API_NODE_FLAGS } from '../../api/src/node-flags';
import { freePort, ROOT, waitForDemoCatalogue, waitForHttp } from '../../e2e/support/system';
import { alternate, type Figure, formatTable, loadAverage, median, QUICK } from '../support/stats';
import type { RecordedAnswer } from './bare-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 2 : 7));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 1 : 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (QUICK ? 10 : 50));
const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

/** Headers that belong to one connection or one moment, not to the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function launch(
  script: string,
  env: Record<string, string | undefined>,
  nodeFlags: readonly string[] = [],
): ChildProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return spawn(process.execPath, [tsx, ...nodeFlags, script], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** CPU seconds (user + system) used so far by a process and its descendants (tsx runs the script in a child). */
function cpuSecondsOfTree(pid: number): number {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return 0;
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in ticks of 1/100 s.
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  let seconds = (Number(fields[11]) + Number(fields[12])) / 100;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) seconds += cpuSecondsOfTree(Number(child));
  }
  return seconds;
}

interface Load {
  perSecond: number;
  /** Requests answered per CPU second of the server's processes (0 where /proc is not there). */
  perCpuSecond: number;
}

async function load(base: string, pid: number, request: Request, seconds: number): Promise<Load> {
  const cpuBefore = cpuSecondsOfTree(pid);
  const result = await autocannon({
    url: `${base}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.errors + result.non2xx > 0) {
    throw new Error(`${request.method} ${base}${request.path}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  }
  const cpu = cpuSecondsOfTree(pid) - cpuBefore;
  return { perSecond: result.requests.average, perCpuSecond: cpu > 0 ? result.requests.total / cpu : 0 };
}

async function record(base: string, request: Request): Promise<RecordedAnswer> {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  if (!response.ok) throw new Error(`${request.method} ${request.path} answered ${response.status}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    method: request.method,
    url: request.path,
    status: response.status,
    headers,
    bodyBase64: body.toString('base64'),
  };
}

async function guestPoll(base: string): Promise<Request> {
  const id = `benchguest${Math.random().toString(36).slice(2, 12).padEnd(10, '0')}`;
  const response = await fetch(`${base}/api/user/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Token cliffhanger-web' },
    body: JSON.stringify({ id, age: 30, gender: 2, web: true, email: `${id}@guest.cliffhanger.app` }),
  });
  if (!response.ok) throw new Error(`guest sign-up answered ${response.status}`);
  const guest = (await response.json()) as { access: string; user: { id: number } };
  return {
    method: 'POST',
    path: '/feed-api/user/public-view/',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.access}` },
    body: JSON.stringify({ id: guest.user.id }),
  };
}

type Api = 'npm start settings' | 'production settings';
type Bare = 'bare Fastify' | 'bare node:http';
type Server = Api | Bare;

/** Starts a bare server (bare-fastify.ts, bare-server.ts) answering the recorded answers. */
async function launchBare(
  script: string,
  answersFile: string,
  children: ChildProcess[],
): Promise<{ base: string; pid: number }> {
  const port = await freePort();
  const bare = launch(script, { PORT: String(port), BARE_ANSWERS: answersFile }, API_NODE_FLAGS);
  children.push(bare);
  bare.stdout?.resume();
  bare.stderr?.resume();
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/hello`, 60_000, bare);
  return { base, pid: bare.pid as number };
}

/** Each API's figure against the framework's floor (the goal), and against bare node:http (context). */
function figuresOf(route: string, samples: Record<Server, number[]>): Figure[] {
  const figures: Figure[] = [];
  for (const server of ['npm start settings', 'production settings'] as const) {
    figures.push({
      name: `${route}, ${server} vs bare Fastify`,
      product: median(samples[server]),
      baseline: median(samples['bare Fastify']),
      unit: 'req/s',
      goal: { direction: 'at least', ratio: 0.8 },
      samples: ROUNDS,
    });
    figures.push({
      name: `${route}, ${server} vs bare node:http`,
      product: median(samples[server]),
      baseline: median(samples['bare node:http']),
      unit: 'req/s',
      samples: ROUNDS,
    });
  }
  figures.push({
    name: `${route}, bare Fastify vs bare node:http`,
    product: median(samples['bare Fastify']),
    baseline: median(samples['bare node:http']),
    unit: 'req/s',
    samples: ROUNDS,
  });
  return figures;
}

/**
 * The same comparison in requests per CPU second of each server's processes: what a request costs the
 * server, which the machine's other work disturbs far less than requests per second. Shown, no goal.
 */
function cpuFiguresOf(route: string, perCpu: Record<Server, number[]>): Figure[] {
  if (median(perCpu['bare Fastify']) === 0) return [];
  return (['npm start settings', 'production settings'] as const).map((server) => ({
    name: `${route}, ${server} vs bare Fastify, per CPU second`,
    product: median(perCpu[server]),
    baseline: median(perCpu['bare Fastify']),
    unit: 'req/CPU s',
    samples: ROUNDS,
  }));
}

/** Each route's samples per server (req/s), in the order they were taken. */
export const apiSamples: string[] = [];

export async function apiBench(): Promise<Figure[]> {
  const data = mkdtempSync(path.join(tmpdir(), 'cliffhanger-bench-'));
  const children: ChildProcess[] = [];
  try {
    const bases = {} as Record<Server, string>;
    const pids = {} as Record<Server, number>;
    // One after the other: the first start prepares the demo media the second reuses.
    for (const [server, env] of [
      ['npm start settings', { NODE_ENV: undefined, LOG_LEVEL: undefined }],
      ['production settings', { NODE_ENV: 'production', LOG_LEVEL: undefined }],
    ] as const) {
      const port = await freePort();
      // An .env at the root would be read, as npm start reads it: what it says is part of its settings.
      const child = launch(
        'demo/src/server.ts',
        {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          SQLITE_PATH: path.join(data, `${port}.db`),
          SERVE_FRONTENDS: 'false',
          API_WORKERS: '1',
          RATE_LIMIT_PER_MINUTE: '100000000',
          USER_RATE_LIMIT_PER_MINUTE: '100000000',
          GUEST_SIGNUP_RATE_LIMIT_PER_MINUTE: '100000000',
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          ENV_FILE: undefined,
        },
        API_NODE_FLAGS,
      );
      children.push(child);
      bases[server] = `http://127.0.0.1:${port}`;
      pids[server] = child.pid as number;
      // It serves once its first demo series is published; the measured lists need all of them.
      const catalogue = waitForDemoCatalogue(child, 600_000);
      await waitForHttp(`${bases[server]}/api/health`, 600_000, child);
      await catalogue;
    }

    const list: Request = { method: 'GET', path: '/api/series/?limit=20&ordering=-created_at', headers: {} };
    const polls = {
      'npm start settings': await guestPoll(bases['npm start settings']),
      'production settings': await guestPoll(bases['production settings']),
    };
    const answers = [await record(bases['npm start settings'], list)];
    answers.push(await record(bases['npm start settings'], polls['npm start settings']));
    const answersFile = path.join(data, 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    for (const [server, script] of [
      ['bare Fastify', 'bench/api/bare-fastify.ts'],
      ['bare node:http', 'bench/api/bare-server.ts'],
    ] as const) {
      ({ base: bases[server], pid: pids[server] } = await launchBare(script, answersFile, children));
    }

    const routes = [
      { name: 'GET /api/series/ (limit 20)', request: () => list },
      {
        name: 'POST /feed-api/user/public-view/',
        // The bare servers answer the recorded poll whatever its token; each API its own guest's.
        request: (server: Server) => (server in polls ? polls[server as Api] : polls['npm start settings']),
      },
    ];
    const servers: Server[] = ['npm start settings', 'production settings', 'bare Fastify', 'bare node:http'];
    const figures: Figure[] = [];
    for (const route of routes) {
      // Warm-up, one round long: the first second of load still ran in the interpreter and baseline compiler.
      for (const server of servers) await load(bases[server], pids[server], route.request(server), SECONDS);
      const perCpu = Object.fromEntries(servers.map((server) => [server, [] as number[]])) as Record<Server, number[]>;
      const samples = await alternate(servers, ROUNDS, async (server) => {
        const measured = await load(bases[server], pids[server], route.request(server), SECONDS);
        perCpu[server].push(measured.perCpuSecond);
        return measured.perSecond;
      });
      apiSamples.push(
        `${route.name} samples (req/s): ${servers.map((server) => `${server} [${samples[server].map(Math.round).join(', ')}]`).join(', ')}`,
      );
      figures.push(...figuresOf(route.name, samples), ...cpuFiguresOf(route.name, perCpu));
    }
    return figures;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const before = loadAverage();
  apiBench()
    .then((figures) => {
      console.log(
        formatTable(
          `API through its routing vs a bare Fastify app (goal) and bare node:http (context) answering the same bytes — ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, load before ${before}`,
          figures,
        ),
      );
      for (const line of apiSamples) console.log(line);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
