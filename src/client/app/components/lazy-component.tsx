import {
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { spreadModulePreloads } from '../spread-preloads';
import { untilLoaded } from '../until-loaded';

// Code that arrives in its own chunk, without React.lazy and Suspense. A lazy component shows its
// Suspense fallback, and React 19 then holds the loaded content back until 300 ms after that fallback
// appeared (its throttle for revealing suspended trees): every screen opened from a cold start came
// up that much later than its code and data allowed. Here the placeholder is ordinary output and the
// loaded component arrives as an ordinary state update, drawn as soon as its chunk has run. Once a
// chunk has loaded, every later mount renders the component at once. The chunk's files are asked for
// one per task (spread-preloads.ts); a chunk that could not be fetched (offline before the service
// worker stored it) is asked for again when the network returns (until-loaded.ts).

export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading (once); resolves with the component. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * `placeholder` shows while the code is on its way; `stalled`, once a try to fetch it has failed,
 * until it arrives.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
  stalled: ReactNode = placeholder,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  let failed = false;
  const hearFailure = new Set<() => void>();
  const preload = () => {
    loading ??= untilLoaded(
      () => spreadModulePreloads(load),
      () => {
        failed = true;
        for (const hear of hearFailure) hear();
      },
    ).then((component) => (loaded = component));
    return loading;
  };

  function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => {
      if (!loaded) void preload().catch(() => undefined);
      return loaded;
    });
    const [waiting, setWaiting] = useState(failed);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      const hear = () => setWaiting(true);
      hearFailure.add(hear);
      if (failed) hear();
      preload().then(
        (component) => mounted && setComponent(() => component),
        () => undefined,
      );
      return () => {
        mounted = false;
        hearFailure.delete(hear);
      };
    }, [Component]);
    if (Component) return <Component {...props} />;
    return waiting ? stalled : placeholder;
  }
  Lazy.preload = preload;
  return Lazy;
}

/**
 * React.lazy for a component exported by name, for a part that may suspend inside a screen (a date
 * picker, search results); its chunk's files are asked for one per task too.
 */
export function lazyExport<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await untilLoaded(() => spreadModulePreloads(load)))[name] }));
}
