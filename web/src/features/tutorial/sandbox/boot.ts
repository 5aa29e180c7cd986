/**
 * The one script of the sandbox document, inlined into it at build time
 * (scripts/vite-plugin-sandbox.ts) with its hash in the sandbox's CSP. The
 * document has an opaque origin and no HTTP cache shared with the page, so
 * instead of downloading the runtime itself it asks the page that framed it,
 * which has the runtime already, and evaluates what the page sends.
 */
const framer = window.parent;
addEventListener('message', function receiveRuntime(event: MessageEvent<{ type?: string; code?: unknown }>) {
  if (event.source !== framer || event.data?.type !== 'runtime' || typeof event.data.code !== 'string') return;
  removeEventListener('message', receiveRuntime);
  (0, eval)(event.data.code);
});
framer.postMessage({ type: 'boot' }, '*');
