/**
 * Runs `work` once the page has loaded and the browser is idle: for what a page
 * needs neither to paint nor to answer its first taps (the offline copy's
 * registration, the chunks of the pages a visitor may move to next), so that it
 * never competes with them for a cheap phone's main thread.
 */
export function whenLoadedAndIdle(work: () => void): void {
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
