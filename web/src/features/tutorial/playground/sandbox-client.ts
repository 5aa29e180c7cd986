import runtimeUrl from '../sandbox/runtime.ts?worker&url';
import { NavigationGuard, type DocumentSign } from './navigation-guard';
import type { CheckAnswer, CheckRequest, CheckResult, CompiledFile, ConsoleLevel, FromSandbox, Program, ProblemReport, ToSandbox } from './protocol';
import { consoleEntriesOf, heightOf, optionalNumber, problemOf, resultsOf } from './sandbox-messages';

/** The sandbox document, served by our server with a CSP of its own. */
export const SANDBOX_PATH = '/sandbox';

/** Time between heartbeats; a sandbox that leaves a ping unanswered this long is replaced. */
const HEARTBEAT_MS = 1000;
const SILENCE_LIMIT_MS = 4000;
/** A sandbox that has not started by then (the runtime could not arrive) is given up on. */
const BOOT_LIMIT_MS = 30_000;

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
  /** Lines the code logged; `id` names the run that logged them (none while checks run). */
  console(entries: ReadonlyArray<{ level: ConsoleLevel; text: string }>, id?: number): void;
  height(pixels: number): void;
  checked(id: number, results: readonly CheckResult[]): void;
  /** The code did not finish (a loop ran too long, or the sandbox stopped answering); a fresh sandbox replaced it. */
  didNotFinish(): void;
  /** The runner could not be loaded or did not start. */
  unavailable(message: string): void;
  /**
   * The code navigated its frame away again after a fresh one had replaced it: the frame is
   * stopped (gone from the page) until the next run or check.
   */
  navigatedAway(): void;
}

type Job = { readonly type: 'run'; readonly program: Program } | { readonly type: 'check'; readonly program: Program; readonly checks: CompiledFile };
type SentJob = Job & { readonly id: number };
type SentCheck = Extract<Job, { readonly type: 'check' }> & { readonly id: number; readonly nonce: string };

/** A secret for one check request, known only to the page and the sandbox's check runner. */
function newNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (word) => word.toString(36)).join('-');
}

/**
 * True when the frame's document has an origin of its own (opaque), as the sandbox document's
 * CSP gives it: the page then cannot reach into it, nor its code into the page. A document
 * served without that CSP would share the page's origin; the student's code must never run there.
 */
export function runsInOpaqueOrigin(frame: HTMLIFrameElement): boolean {
  try {
    return frame.contentDocument === null;
  } catch {
    return true;
  }
}

/**
 * One sandboxed frame in which a demo's code runs, and the conversation with
 * it. The frame's document has the CSP `sandbox allow-scripts allow-forms`: it
 * gets an opaque origin, so the code in it cannot reach the site's cookies,
 * storage or signed-in API. Messages are accepted only from that frame's
 * window, and only while it still shows our sandbox document. A sandbox that
 * stops answering (a loop that the loop guard could not stop) is thrown away
 * and replaced.
 *
 * Checks go over a channel of their own: a MessagePort made for each sandbox
 * document and handed to it with the runtime, before any of the student's code
 * runs. Check results are taken only from that port, only for the check
 * request outstanding, and only with that request's nonce; the student's code
 * owns the sandbox's window, so anything it posts there is never a result.
 */
export class Sandbox {
  private frame!: HTMLIFrameElement;
  private ready = false;
  private createdAt = 0;
  /** The newest run and the newest check not yet sent: a newer one of a kind replaces the older. */
  private pending: { run?: SentJob; check?: SentJob } = {};
  private lastRun: SentJob | undefined;
  /** A check sent and not yet answered: a frame that navigates away is replaced with it. */
  private unansweredCheck: SentCheck | undefined;
  /** The page's end of the current sandbox document's check channel, once its other end is handed over. */
  private checkPort: MessagePort | undefined;
  /** Navigations of the frame the page did not ask for; counted here, where the student's code cannot reach. */
  private readonly navigations = new NavigationGuard();
  /** No frame, after the code navigated it away too often; the next run or check makes one. */
  private stopped = false;
  private nextId = 1;
  /** When the unanswered ping was sent, if one is. */
  private pingSentAt: number | undefined;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly onMessage = (event: MessageEvent<FromSandbox>) => this.receive(event);
  private readonly onVisibility = () => (this.pingSentAt = undefined);

  constructor(
    private readonly host: HTMLElement,
    private readonly title: string,
    private readonly events: SandboxEvents,
  ) {
    window.addEventListener('message', this.onMessage);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.create();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
  }

  /** Runs a program; returns the job's id, which the events name. */
  run(program: Program): number {
    return this.send({ type: 'run', program });
  }

  check(program: Program, checks: CompiledFile): number {
    return this.send({ type: 'check', program, checks });
  }

  dispose() {
    clearInterval(this.heartbeat);
    window.removeEventListener('message', this.onMessage);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.closeCheckChannel();
    this.frame.remove();
  }

  private send(job: Job): number {
    const sent: SentJob = { ...job, id: this.nextId++ };
    // The page was asked to run code: what the code did to its frame before is forgiven.
    this.navigations.forgive();
    if (this.stopped) {
      this.stopped = false;
      // The result shows again beside a check.
      this.pending = this.lastRun ? { run: this.lastRun } : {};
      this.create();
    }
    if (job.type === 'run') this.lastRun = sent;
    else this.unansweredCheck = { ...job, id: sent.id, nonce: newNonce() };
    if (this.ready) this.dispatch(sent);
    else this.pending[sent.type] = sent;
    return sent.id;
  }

  /** A run goes to the sandbox's window; a check over the check channel, with its nonce. */
  private dispatch(job: SentJob) {
    if (job.type === 'run') this.post({ type: 'run', id: job.id, program: job.program });
    else if (this.unansweredCheck?.id === job.id) {
      const { id, nonce, program, checks } = this.unansweredCheck;
      this.checkPort?.postMessage({ type: 'check', id, nonce, program, checks } satisfies CheckRequest);
    }
  }

  private post(message: ToSandbox, transfer: Transferable[] = []) {
    // The sandbox's origin is opaque ("null"), so no target origin can name it.
    this.frame.contentWindow?.postMessage(message, '*', transfer);
  }

  /**
   * A new check channel for the sandbox document that asked for the runtime: its port goes
   * with the runtime, the first message the document takes, before any code of the
   * student's runs. A channel of a document before is closed: nothing more comes from it.
   */
  private openCheckChannel(): MessagePort {
    this.closeCheckChannel();
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<unknown>) => this.receiveCheck(event.data);
    this.checkPort = channel.port1;
    return channel.port2;
  }

  private closeCheckChannel() {
    this.checkPort?.close();
    this.checkPort = undefined;
  }

  /** An answer on the check channel: taken once, for the check outstanding, with its nonce. */
  private receiveCheck(data: unknown) {
    const answer = (typeof data === 'object' && data !== null ? data : {}) as Partial<Record<keyof CheckAnswer, unknown>>;
    const check = this.unansweredCheck;
    if (this.stopped || !check || answer.type !== 'checked' || answer.id !== check.id || answer.nonce !== check.nonce) return;
    this.unansweredCheck = undefined;
    this.events.checked(check.id, resultsOf(answer.results));
  }

  private create() {
    this.ready = false;
    this.createdAt = performance.now();
    this.pingSentAt = undefined;
    const frame = document.createElement('iframe');
    frame.className = 'playground__frame';
    frame.title = this.title;
    // allow-forms: a demo's form must fire its submit event (the CSP's form-action 'none'
    // still stops any real submission). allow-same-origin only so that the offline worker may
    // answer this frame's request (Chromium never hands a frame sandboxed into an opaque origin
    // to a service worker): the document's own CSP, `sandbox allow-scripts allow-forms`, still
    // gives it an opaque origin, online and offline, and `runsInOpaqueOrigin` refuses to hand
    // the runtime to a document that would not have one. See docs/decisions/0010-offline.md.
    frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    frame.src = SANDBOX_PATH;
    this.navigations.expectDocument();
    // The student's code can navigate its frame elsewhere; that is no longer our sandbox.
    frame.addEventListener('load', () => {
      if (frame === this.frame && !this.stopped) this.observe('load');
    });
    this.host.replaceChildren(frame);
    this.frame = frame;
  }

  /**
   * A sign of a document in the frame. A navigation the page did not ask for gets a fresh
   * sandbox running the same code (a link clicked once is forgiven); the next one stops the
   * frame, or code that reloads itself would reload for ever, on every visit while it is saved.
   * Returns whether the sign was of the document the page asked for.
   */
  private observe(sign: DocumentSign): boolean {
    const verdict = this.navigations.observe(sign);
    if (verdict === 'navigated') this.replace({ rerun: true });
    else if (verdict === 'stop') this.stop();
    return verdict === 'expected';
  }

  private stop() {
    this.stopped = true;
    this.ready = false;
    this.pending = {};
    this.unansweredCheck = undefined;
    this.pingSentAt = undefined;
    this.closeCheckChannel();
    this.frame.remove();
    this.events.navigatedAway();
  }

  /** A fresh sandbox in place of this one; `rerun` sends it the last program, and the check it had not answered, again. */
  private replace({ rerun }: { rerun: boolean }) {
    this.pending = rerun ? { run: this.lastRun, check: this.unansweredCheck } : {};
    if (!rerun) this.unansweredCheck = undefined;
    this.closeCheckChannel();
    this.frame.remove();
    this.create();
  }

  private beat() {
    if (this.stopped) return;
    const now = performance.now();
    if (!this.ready) {
      if (now - this.createdAt > BOOT_LIMIT_MS) {
        clearInterval(this.heartbeat);
        this.events.unavailable('The code runner did not start. Reload the page to try again.');
      }
      return;
    }
    // Timers of hidden pages are slowed down: silence there proves nothing.
    if (document.visibilityState !== 'visible') {
      this.pingSentAt = undefined;
      return;
    }
    if (this.pingSentAt === undefined) {
      this.pingSentAt = now;
      this.post({ type: 'ping' });
    } else if (now - this.pingSentAt > SILENCE_LIMIT_MS) {
      this.replace({ rerun: false });
      this.events.didNotFinish();
    }
  }

  private receive(event: MessageEvent<FromSandbox>) {
    if (this.stopped || event.source === null || event.source !== this.frame.contentWindow) return;
    const message = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
    const id = optionalNumber(message.id);
    switch (message.type) {
      case 'boot': {
        if (!this.observe('boot')) break;
        // Only for the frame that asked: one made since (after a navigation) asks for its own.
        const frame = this.frame;
        loadRuntime().then(
          (code) => {
            if (frame !== this.frame || this.stopped) return;
            if (!runsInOpaqueOrigin(frame)) {
              this.stopped = true;
              this.closeCheckChannel();
              frame.remove();
              this.events.unavailable('the result frame is not isolated from the page');
              return;
            }
            this.post({ type: 'runtime', code }, [this.openCheckChannel()]);
          },
          (error: unknown) => this.events.unavailable(error instanceof Error ? error.message : String(error)),
        );
        break;
      }
      case 'ready':
        if (!this.observe('ready')) break;
        this.ready = true;
        for (const job of [this.pending.run, this.pending.check]) if (job) this.dispatch(job);
        this.pending = {};
        break;
      case 'rendered':
        if (id !== undefined) this.events.rendered(id);
        break;
      case 'problem':
        this.events.problem(problemOf(message.problem), id);
        break;
      case 'console': {
        // Checked and cut to size in sandbox-messages.ts: the student's code can post anything.
        const entries = consoleEntriesOf(message.entries);
        if (entries.length > 0) this.events.console(entries, id);
        break;
      }
      case 'height': {
        const height = heightOf(message.height);
        if (height !== undefined) this.events.height(height);
        break;
      }
      // A check's answer comes only over the check channel (receiveCheck): a 'checked' posted here is not one.
      case 'did-not-finish':
        this.replace({ rerun: false });
        this.events.didNotFinish();
        break;
      case 'pong':
        this.pingSentAt = undefined;
        break;
    }
  }
}
