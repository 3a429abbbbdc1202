import { yieldToMain } from '../yield';

// Vite's loader asks for a lazily loaded chunk's files by appending a <link rel="modulepreload"> for
// each of them to the head, all in one go, just before it imports the chunk. On a slow phone each
// append costs milliseconds of the main thread (it starts a request), and the twenty-odd files of a
// screen added up to one task of 80-170 ms under Lighthouse's four-times-slower CPU. Here the links
// that `start` appends go in one per task instead, in the same order. The chunk's import is not held
// up: the browser fetches a module the page asks for, and its imports, on its own; a link that comes
// later for a file already on its way is answered from the same request.

type Append = <T extends Node>(node: T) => T;

const queue: HTMLLinkElement[] = [];
let flushing = false;
let depth = 0;

/** Runs `start`; the module preload links it appends to the head are added one per task afterwards. */
export function spreadModulePreloads<T>(start: () => T): T {
  // The server's renderer of first screens runs the same components, with no document.
  if (typeof document === 'undefined') return start();
  const head = document.head;
  // An own property for the duration of `start` (and of any call nested in it), shadowing
  // Node.prototype.appendChild.
  if (depth++ === 0) head.appendChild = deferModulePreloads(head.appendChild.bind(head) as Append);
  try {
    return start();
  } finally {
    if (--depth === 0) {
      delete (head as { appendChild?: Append }).appendChild;
      void flush();
    }
  }
}

function deferModulePreloads(append: Append): Append {
  return (<N extends Node>(node: N): N => {
    if (!(node instanceof HTMLLinkElement) || node.rel !== 'modulepreload') return append(node);
    if (!queue.some((link) => link.href === node.href)) queue.push(node);
    return node;
  }) as Append;
}

async function flush(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    for (let link = queue.shift(); link; link = queue.shift()) {
      await yieldToMain();
      // The loader, asked for another chunk meanwhile, may have linked the same file itself.
      if (!linked(link.href)) document.head.append(link);
    }
  } finally {
    flushing = false;
  }
}

function linked(href: string): boolean {
  for (const link of document.getElementsByTagName('link')) if (link.href === href) return true;
  return false;
}
