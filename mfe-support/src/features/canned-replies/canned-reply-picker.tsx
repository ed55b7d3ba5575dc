import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type CannedReply, type Language } from 'shared-contracts';
import { LabelledField } from 'shared-contracts/react';
import styles from './canned-replies.module.css';
import { LanguageOptions } from './language-options.js';
import { useCannedReplies } from './use-canned-replies.js';

/** Whether `reply`'s title holds what was typed, ignoring case. */
function matches(reply: CannedReply, typed: string): boolean {
  return reply.title.toLocaleLowerCase().includes(typed.trim().toLocaleLowerCase());
}

/**
 * Above an agent's reply: picks a canned reply by its title and inserts its text. An editable combobox with a list
 * (WAI-ARIA APG): typing filters the titles, Down and Up move through them, Enter or a click inserts the text and
 * Escape closes the list. The language starts as the player's, and can be switched to any other.
 */
export function CannedReplyPicker({ defaultLanguage, onInsert }: { defaultLanguage: Language; onInsert: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useState(defaultLanguage);
  const [state, retry] = useCannedReplies(language);
  const [typed, setTyped] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const replies = state.status === 'ready' ? state.data : state.status === 'loading' ? (state.previous ?? []) : [];
  const options = replies.filter((reply) => matches(reply, typed));
  const activeReply = active === null ? undefined : options[active];
  const open = expanded && options.length > 0;
  const optionId = (reply: CannedReply) => `${id}-option-${reply.id}`;

  const close = () => {
    setExpanded(false);
    setActive(null);
  };
  const choose = (reply: CannedReply) => {
    setTyped('');
    close();
    onInsert(reply.body);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setExpanded(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current === null ? (step === 1 ? 0 : options.length - 1) : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      // Enter picks; it never submits a form the picker may sit in.
      event.preventDefault();
      if (expanded && activeReply) choose(activeReply);
    } else if (event.key === 'Escape' && expanded) {
      // Only the list closes: inside a dialog, Escape would otherwise close the dialog too.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  let status = '';
  if (state.status === 'loading' && replies.length === 0) status = t('support:cannedReplies.loading');
  else if (state.status === 'failed') status = t(state.messageKey);
  else if (expanded && options.length === 0)
    status = typed.trim() ? t('support:cannedReplies.noMatch') : t('support:cannedReplies.noneInLanguage');
  else if (open) status = t('support:cannedReplies.shown', { shown: options.length });

  return (
    <div className={styles.picker} data-testid="canned-reply-picker">
      <LabelledField controlId={`${id}-language`} label={t('support:cannedReplies.language')} className={styles.pickerField}>
        <select
          id={`${id}-language`}
          className="input"
          value={language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) setLanguage(event.target.value);
            setActive(null);
          }}
          data-testid="canned-reply-language"
        >
          <LanguageOptions />
        </select>
      </LabelledField>
      <LabelledField
        controlId={`${id}-search`}
        label={t('support:cannedReplies.insert')}
        className={`${styles.pickerField} ${styles.pickerSearch}`}
      >
        <div className={styles.combobox}>
          <input
            id={`${id}-search`}
            className="input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={`${id}-list`}
            aria-describedby={`${id}-status`}
            aria-activedescendant={activeReply ? optionId(activeReply) : undefined}
            placeholder={t('support:cannedReplies.searchPlaceholder')}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setExpanded(true);
              setActive(null);
            }}
            onClick={() => setExpanded(true)}
            onKeyDown={onKeyDown}
            onBlur={close}
            data-testid="canned-reply-search"
          />
          <ul id={`${id}-list`} role="listbox" aria-label={t('support:cannedReplies.listLabel')} className={styles.options} hidden={!open}>
            {options.map((reply, index) => (
              <li
                key={reply.id}
                id={optionId(reply)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Keeps focus in the field, so the blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(reply)}
                data-testid="canned-reply-option"
              >
                <span className={styles.optionTitle} lang={reply.language}>
                  {reply.title}
                </span>
                <span className={styles.optionBody} lang={reply.language}>
                  {reply.body}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p id={`${id}-status`} className={styles.pickerStatus} role="status">
          {status}
        </p>
        {state.status === 'failed' ? (
          <button type="button" className={styles.linkButton} onClick={retry}>
            {t('common:remote.retry')}
          </button>
        ) : null}
      </LabelledField>
    </div>
  );
}
