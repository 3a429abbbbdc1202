import type { CheckoutWidgetClass } from './checkout-api';

// The card payment widget of SPEC §7 behind one API, so /payment has one code path: YooKassa's
// checkout script (window.YooMoneyCheckoutWidget) or the app's own test widget, which copies that API.

declare global {
  interface Window {
    YooMoneyCheckoutWidget?: CheckoutWidgetClass;
  }
}

const SCRIPT_MARK = 'data-checkout-widget';
let scriptLoads = new Map<string, Promise<void>>();

/** Adds the provider's script once per page; a failed load is forgotten so a retry adds it afresh. */
function loadScript(url: string): Promise<void> {
  const known = scriptLoads.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.setAttribute(SCRIPT_MARK, '');
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      scriptLoads = new Map([...scriptLoads].filter(([key]) => key !== url));
      reject(new Error(`The checkout script did not load: ${url}`));
    });
    document.head.append(script);
  });
  scriptLoads.set(url, loading);
  return loading;
}

/**
 * The widget class of the configured provider. The test widget is a separate chunk, loaded only when
 * the server runs the test provider; the real provider's script comes from its own address.
 */
export async function loadCheckoutWidget(
  provider: 'test' | 'yookassa',
  widgetUrl: string,
): Promise<CheckoutWidgetClass> {
  if (provider === 'test') return (await import('./test-widget')).TestCheckoutWidget;
  await loadScript(widgetUrl);
  const widget = window.YooMoneyCheckoutWidget;
  if (!widget) throw new Error('The checkout script did not define YooMoneyCheckoutWidget');
  return widget;
}
