/**
 * The one script of the sandbox document, inlined into it at build time
 * (scripts/vite-plugin-sandbox.ts) with its hash in the sandbox's CSP. The
 * document has an opaque origin and no HTTP cache shared with the page, so
 * instead of downloading the runtime itself it asks the page that framed it,
 * which has the runtime already, and evaluates what the page sends.
 *
 * With the runtime comes the port of the check channel (see runtime.ts). It is
 * handed to the runtime as a parameter, never through a global, and only the
 * first such message is taken: the student's code, which runs later, never
 * sees it and cannot hand over a port of its own.
 */
const framer = window.parent;
addEventListener('message', function receiveRuntime(event: MessageEvent<{ type?: string; code?: unknown }>) {
  const code = event.data?.code;
  if (event.source !== framer || event.data?.type !== 'runtime' || typeof code !== 'string' || event.ports.length !== 1) return;
  removeEventListener('message', receiveRuntime);
  // Strict mode, as the runtime's modules were written: in a sloppy-mode function, code called
  // from it could read it and its arguments through `caller` and `arguments`, or V8's stack
  // trace API; in strict mode the student's code learns nothing of the runtime's frames.
  (0, eval)(`(function (__checkPort) {'use strict';${code}\n})`)(event.ports[0]);
});
framer.postMessage({ type: 'boot' }, '*');
