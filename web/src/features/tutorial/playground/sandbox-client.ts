import runtimeUrl from '../sandbox/runtime.ts?worker&url';
import type { CheckResult, CompiledFile, ConsoleLevel, FromSandbox, Program, ProblemReport, ToSandbox } from './protocol';

/** The sandbox document, served by our server with a CSP of its own. */
export const SANDBOX_PATH = '/sandbox';

/** Time between heartbeats, and how long a sandbox may stay silent before it is replaced. */
const HEARTBEAT_MS = 1000;
const SILENCE_LIMIT_MS = 4000;

let runtime: Promise<string> | undefined;

/**
 * The sandbox runtime's code, fetched once per page from our own origin (and
 * so from the page's HTTP cache on later visits). Each sandbox gets it from
 * here: a sandbox's opaque origin shares no cache with anything, and would
 * otherwise download it again every time.
 */
export function loadRuntime(): Promise<string> {
  runtime ??= fetch(runtimeUrl).then(async (response) => {
    if (!response.ok) throw new Error(`The code runner could not be loaded (HTTP ${response.status}).`);
    return response.text();
  });
  runtime.catch(() => (runtime = undefined));
  return runtime;
}

export interface SandboxEvents {
  rendered(id: number): void;
  problem(problem: ProblemReport, id?: number): void;
  console(level: ConsoleLevel, text: string): void;
  height(pixels: number): void;
  checked(id: number, results: readonly CheckResult[]): void;
  /** The code ran too long and the sandbox was replaced by a fresh one. */
  didNotFinish(): void;
  /** The runner could not be loaded. */
  unavailable(message: string): void;
}

type Job = { readonly type: 'run'; readonly program: Program } | { readonly type: 'check'; readonly program: Program; readonly checks: CompiledFile };

/**
 * One sandboxed frame in which a demo's code runs, and the conversation with
 * it. The frame has `sandbox="allow-scripts"` only: its document gets an
 * opaque origin, so the code in it cannot reach the site's cookies, storage
 * or signed-in API. Messages are accepted only from that frame's window. A
 * sandbox that stops answering (a loop that the loop guard could not stop)
 * is thrown away and replaced.
 */
export class Sandbox {
  private frame!: HTMLIFrameElement;
  private ready = false;
  private pending: (Job & { readonly id: number }) | undefined;
  private nextId = 1;
  private lastHeard = 0;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly onMessage = (event: MessageEvent<FromSandbox>) => this.receive(event);

  constructor(
    private readonly host: HTMLElement,
    private readonly title: string,
    private readonly events: SandboxEvents,
  ) {
    window.addEventListener('message', this.onMessage);
    this.create();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
  }

  /** Runs a program; a newer job replaces one not yet sent. Returns the job's id. */
  run(program: Program): number {
    return this.send({ type: 'run', program });
  }

  check(program: Program, checks: CompiledFile): number {
    return this.send({ type: 'check', program, checks });
  }

  dispose() {
    clearInterval(this.heartbeat);
    window.removeEventListener('message', this.onMessage);
    this.frame.remove();
  }

  private send(job: Job): number {
    const id = this.nextId++;
    if (this.ready) this.post({ ...job, id });
    else this.pending = { ...job, id };
    return id;
  }

  private post(message: ToSandbox) {
    // The sandbox's origin is opaque ("null"), so no target origin can name it.
    this.frame.contentWindow?.postMessage(message, '*');
  }

  private create() {
    this.ready = false;
    this.lastHeard = performance.now();
    const frame = document.createElement('iframe');
    frame.className = 'playground__frame';
    frame.title = this.title;
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.src = SANDBOX_PATH;
    this.host.replaceChildren(frame);
    this.frame = frame;
  }

  private replace() {
    this.pending = undefined;
    this.frame.remove();
    this.create();
  }

  private beat() {
    // Timers of hidden pages are slowed down: silence there proves nothing.
    if (document.visibilityState !== 'visible') {
      this.lastHeard = performance.now();
      return;
    }
    if (performance.now() - this.lastHeard > SILENCE_LIMIT_MS) {
      this.replace();
      this.events.didNotFinish();
      return;
    }
    if (this.ready) this.post({ type: 'ping', id: 0 });
  }

  private receive(event: MessageEvent<FromSandbox>) {
    if (event.source === null || event.source !== this.frame.contentWindow) return;
    this.lastHeard = performance.now();
    const message = event.data;
    switch (message.type) {
      case 'boot':
        loadRuntime().then(
          (code) => this.post({ type: 'runtime', code }),
          (error: unknown) => this.events.unavailable(error instanceof Error ? error.message : String(error)),
        );
        break;
      case 'ready':
        this.ready = true;
        if (this.pending) {
          this.post(this.pending);
          this.pending = undefined;
        }
        break;
      case 'rendered':
        this.events.rendered(message.id);
        break;
      case 'problem':
        this.events.problem(message.problem, message.id);
        break;
      case 'console':
        this.events.console(message.level, message.text);
        break;
      case 'height':
        this.events.height(message.height);
        break;
      case 'checked':
        this.events.checked(message.id, message.results);
        break;
      case 'did-not-finish':
        this.replace();
        this.events.didNotFinish();
        break;
      case 'pong':
        break;
    }
  }
}
