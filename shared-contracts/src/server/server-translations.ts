import type { i18n as I18n } from 'i18next';

/** Beyond this many texts a language's memo starts afresh: the texts a process renders are far fewer. */
const MEMO_MAX_ENTRIES = 5_000;

type Translate = (key: unknown, options?: unknown, ...rest: unknown[]) => string;

/** Options whose values are all strings, numbers or booleans: a text made with them depends on nothing else. */
function plainOptions(options: unknown): options is Record<string, string | number | boolean> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return false;
  }
  return true;
}

/**
 * i18next as the server's renders see it, through react-i18next: the one instance, with `t` functions that remember
 * each text they have made. A render asks for the same few dozen texts as the one before it in that language, and
 * i18next's own `t` copies its whole option set for each one (several KB of garbage a call, most of a render's
 * allocations and the garbage collector's pauses behind a slow fragment's p99). A text depends only on the language,
 * namespace, key and plain options, and the messages, which are loaded before any render; messages added or removed
 * later start the memo afresh. Calls with a key prefix, or options other than strings, numbers and booleans, go to
 * i18next's `t` as they are.
 *
 * The instance's other members are i18next's own, read through the prototype: react-i18next's per-component wrapper
 * copies only the one member this object has, instead of all of i18next's.
 */
export function memoisingTranslations(i18next: I18n): I18n {
  const fixed = new Map<string, Translate>();
  const forget = () => fixed.clear();
  i18next.store.on('added', forget);
  i18next.store.on('removed', forget);

  function memoising(original: Translate): Translate {
    const texts = new Map<string, string>();
    return (key, options, ...rest) => {
      if (typeof key !== 'string' || rest.length > 0) return original(key, options, ...rest);
      let memoKey: string;
      if (options === undefined) memoKey = key;
      else if (plainOptions(options)) memoKey = `${key}\u0000${JSON.stringify(options)}`;
      else return original(key, options);
      let text = texts.get(memoKey);
      if (text === undefined) {
        text = original(key, options);
        if (texts.size >= MEMO_MAX_ENTRIES) texts.clear();
        texts.set(memoKey, text);
      }
      return text;
    };
  }

  // i18next's overloads type its arguments by the app's namespaces; these wrappers only pass them on.
  const originalFixedT = i18next.getFixedT.bind(i18next) as unknown as (...args: unknown[]) => Translate;
  const getFixedT = (lng: unknown, ns?: unknown, keyPrefix?: unknown, fixedOptions?: { scopeNs?: unknown }) => {
    if (typeof lng !== 'string' || keyPrefix !== undefined) return originalFixedT(lng, ns, keyPrefix, fixedOptions);
    const cacheKey = JSON.stringify([lng, ns ?? null, fixedOptions?.scopeNs ?? null]);
    let translate = fixed.get(cacheKey);
    if (!translate) {
      translate = memoising(originalFixedT(lng, ns, keyPrefix, fixedOptions));
      fixed.set(cacheKey, translate);
    }
    return translate;
  };
  return Object.create(i18next, { getFixedT: { value: getFixedT } }) as I18n;
}
