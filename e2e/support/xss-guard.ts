import type { BrowserContext, Page } from '@playwright/test';

/** A Content-Security-Policy violation as the page saw it (`securitypolicyviolation`). */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
  /** Where the refused code is (script URL and line), so a violation of our own code can be traced. */
  source: string;
}

/**
 * What the hostile-input drill watches in every page of a browser context, across navigations: payload probes
 * that ran (`__xss(id)`), dialogs opened (`alert`), and every CSP violation. The probe is a binding into the test
 * process, so a call is seen even if the page navigates right after it.
 */
export interface XssWatch {
  executed: string[];
  dialogs: string[];
  violations: CspViolation[];
}

export async function watchForXss(context: BrowserContext): Promise<XssWatch> {
  const watch: XssWatch = { executed: [], dialogs: [], violations: [] };
  await context.exposeBinding('__xss', (_source, id: unknown) => {
    watch.executed.push(String(id));
  });
  await context.exposeBinding('__reportCspViolation', (source, violation: Omit<CspViolation, 'page'>) => {
    watch.violations.push({ page: source.page.url(), ...violation });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (violation: unknown) => void }).__reportCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  context.on('page', (page) => watchDialogs(page, watch));
  for (const page of context.pages()) watchDialogs(page, watch);
  return watch;
}

function watchDialogs(page: Page, watch: XssWatch): void {
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/**
 * Elements in the page that no screen of ours makes and an injection would: anything marked `data-xss`, inline
 * event handler attributes, script URLs in link-like attributes, frames, plug-ins, `<base>`, `<meta http-equiv>`
 * and inline scripts. Described as short strings, so a failure says what was found.
 */
export function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) => element.outerHTML.slice(0, 160);
    const scriptUrl = /^\s*(?:javascript|vbscript|data\s*:\s*text\/html)/i;
    for (const element of document.querySelectorAll('*')) {
      const tag = element.localName;
      if (element.hasAttribute('data-xss')) found.push(`marked: ${describe(element)}`);
      if (['iframe', 'frame', 'object', 'embed', 'base'].includes(tag)) found.push(`${tag}: ${describe(element)}`);
      if (tag === 'meta' && element.hasAttribute('http-equiv')) found.push(`meta: ${describe(element)}`);
      if (tag === 'script' && !element.hasAttribute('src') && element.getAttribute('type') !== 'application/json') {
        found.push(`inline script: ${describe(element)}`);
      }
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) found.push(`handler ${attribute.name}: ${describe(element)}`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attribute.name) && scriptUrl.test(attribute.value)) {
          found.push(`script URL in ${attribute.name}: ${describe(element)}`);
        }
      }
    }
    return found;
  });
}
