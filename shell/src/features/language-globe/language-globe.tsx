import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_LANGUAGES, LANGUAGE_NAMES, hasLanguageGlobe, languageChangeHref, type Language } from 'shared-contracts';
import { usePlatformContext } from 'shared-contracts/react';
import { BrandIcon } from '../../components/brand-icon.js';
import styles from './language-globe.module.css';

/**
 * The language globe (SPEC §2), shown only for areas with a language list (eru, sea). Choosing a language
 * rewrites spec_lang and self_lang in the URL and reloads (SPEC §4).
 */
export function LanguageGlobe() {
  const { t } = useTranslation();
  const { area, language } = usePlatformContext();
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && container.current?.contains(event.target as Node)) return;
      setOpen(false);
      if (event instanceof KeyboardEvent) button.current?.focus();
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    container.current?.querySelector<HTMLElement>('[aria-current="true"], button[data-language]')?.focus();
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);

  if (!hasLanguageGlobe(area)) return null;
  const choose = (next: Language) => {
    setOpen(false);
    if (next !== language) window.location.assign(languageChangeHref(window.location.href, next));
  };
  return (
    <div
      className={styles.globe}
      ref={container}
      // Tab past the last language closes the list, as it does a disclosure; a blur to nowhere (a click Safari does not
      // focus, another window) leaves it to the mouse and Escape handlers.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((value) => !value)}
        data-testid="language-globe"
      >
        <BrandIcon name="globe" className={styles.icon} />
        {/* The message ends with the language's own colon; the space keeps it apart from the name when read aloud. */}
        <span className="visually-hidden">{t('shell:nav.languageLabel')} </span>
        <span className={styles.current}>{LANGUAGE_NAMES[language]}</span>
      </button>
      {open ? (
        <div className={styles.popup} id={popupId} role="group" aria-label={t('shell:nav.chooseLanguage')} data-testid="language-popup">
          <ul>
            {AREA_LANGUAGES[area].map((code) => (
              <li key={code}>
                <button
                  type="button"
                  lang={code}
                  data-language={code}
                  aria-current={code === language ? 'true' : undefined}
                  onClick={() => choose(code)}
                >
                  {LANGUAGE_NAMES[code]}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
