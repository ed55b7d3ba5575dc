import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { displayedSupportHours, formatClockTime, isolateDirection, legalUrl, type LegalPage } from 'shared-contracts';
import { useModalDialog, usePlatformContext } from 'shared-contracts/react';
import styles from './footer.module.css';

function formatOffset(hours: number): string {
  return `${hours >= 0 ? '+' : '−'}${Math.abs(hours)}`;
}

/** The contact popup of the Japanese footers: where to write and when support answers (SPEC §2, §9). */
function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { brand, area, language } = usePlatformContext();
  const dialog = useModalDialog(open);
  const hours = displayedSupportHours(area, language);
  return (
    <dialog ref={dialog} className={styles.contact} aria-labelledby="contact-title" onClose={onClose} data-testid="contact-dialog">
      <h2 id="contact-title">{t('shell:footer.contactTitle')}</h2>
      <p>
        {/* The label's punctuation and spacing are the language's ("E-mail: ", "メールアドレス：", "E-mail\u00a0: "). */}
        <Trans
          i18nKey="shell:footer.contactEmail"
          values={{ email: brand.contactEmail }}
          components={{ mail: <a href={`mailto:${brand.contactEmail}`} /> }}
        />
      </p>
      {/* The hours on the page language's clock (10:00 AM in en, 10:00 in ja), as the support notice shows them. */}
      <p>
        {t('shell:footer.contactHours', {
          open: formatClockTime(hours.open, i18n.language),
          close: formatClockTime(hours.close, i18n.language),
          offset: formatOffset(hours.utcOffsetHours),
        })}
      </p>
      <button type="button" className="button-primary" onClick={onClose}>
        {t('shell:footer.close')}
      </button>
    </dialog>
  );
}

const LEGAL_LABELS: Record<LegalPage, string> = {
  privacy: 'shell:footer.privacy',
  terms: 'shell:footer.terms',
  'user-agreement': 'shell:footer.userAgreement',
  'commerce-law': 'shell:footer.commerceLaw',
  'fund-settlement': 'shell:footer.fundSettlement',
};

/** Which legal links each footer kind shows (SPEC §2, DESIGN §6). */
const FOOTER_LINKS = {
  standard: [],
  japanese: ['privacy', 'user-agreement', 'commerce-law'],
  taiwan: ['terms', 'privacy'],
  'japanese-settlement': ['fund-settlement', 'commerce-law'],
} as const satisfies Record<string, readonly LegalPage[]>;

/** The brand's footer: standard, Japanese, Taiwan, or aurum's Japanese variant (SPEC §2). */
export function Footer({ logo }: { logo: string }) {
  const { t } = useTranslation();
  const { brand } = usePlatformContext();
  const [contactOpen, setContactOpen] = useState(false);
  const kind = brand.footerKind;
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="footer" data-footer={kind}>
      {kind === 'taiwan' ? <img className={styles.logo} src={logo} alt={brand.name} width={160} height={40} loading="lazy" /> : null}
      <ul className={styles.links}>
        {FOOTER_LINKS[kind].map((page) => (
          <li key={page}>
            <a href={legalUrl(brand, page)} target="_blank" rel="noopener noreferrer" data-testid={`footer-${page}`}>
              {t(LEGAL_LABELS[page])}
            </a>
          </li>
        ))}
        {kind === 'japanese' ? (
          <li>
            <button type="button" className={styles.linkButton} onClick={() => setContactOpen(true)} data-testid="footer-contact">
              {t('shell:footer.contact')}
            </button>
          </li>
        ) : null}
      </ul>
      {kind === 'taiwan' ? <p className={styles.company}>{brand.company}</p> : null}
      {/* The company's name is a run of its own (Unicode isolates): in Arabic the period of "Ltd." stays with it. */}
      <p className={styles.copyright}>{t('shell:footer.copyright', { year, company: isolateDirection(brand.company) })}</p>
      {kind === 'japanese' ? <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} /> : null}
    </footer>
  );
}
