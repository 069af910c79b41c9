// The entry: the shell's styles (index.html links them, render-blocking) and a start that waits
// for the browser's first frame. The app's modules are fetched at once (index.html preloads them,
// see preloadAppStart in vite.config.ts) but evaluated only after index.html's static frame is on
// screen, so the first paint never waits for half a megabyte of JavaScript to run.
import './styles/base.css';
import './styles/shell.css';
import './styles/forms.css';
import { startFirstRequest } from './app/first-request';
import { adoptSessionPreloads } from './app/session-preloads';
import { adoptAfterPaintPreloads } from './app/after-paint-preloads';
import { holdEarlyClicks } from './app/early-clicks';

// A share page's data is asked for now, while the app's code is still arriving.
startFirstRequest();
// Presses on a server-rendered share's buttons, until the app has adopted them (share-island.tsx).
const earlyClicks = holdEarlyClicks(document);
try {
  adoptSessionPreloads(document, window.localStorage);
} catch {
  // No storage (a locked-down browser): the screen's code loads when it is shown.
}

const start = () => {
  // Code a page listed for after its first frame (the preload bench's variant) follows now.
  adoptAfterPaintPreloads(document);
  void import('./app/start').then(({ start }) => start(earlyClicks));
};

// A hidden tab paints no frames: start at once there, the frame is not seen anyway.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
