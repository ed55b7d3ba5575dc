import { useMemo, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_RULES, platformApi, preloadSchemas, type ProfileUpdateBody, type UserInfo } from 'shared-contracts';
import { useSession } from 'shared-contracts/react';
import { fieldErrorKey } from '../../lib/errors.js';
import { Field, FormMessage, formStyles } from '../../components/form.js';
import { useForm, type KeptFields } from '../../lib/use-form.js';

/** A day as a date field's value (YYYY-MM-DD) in the player's own calendar, for the field's bounds. */
function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The user info a player sets (SPEC §3): the birthday while none is saved (locked after, which the page says) and
 * the phone number. What was typed stays in the fields when a save fails; a second submit while one is on its way
 * is not sent, and a retried save changes nothing twice (the API takes the same values again as a no-op). What was
 * typed and not saved is also kept in this tab for the account (`KeptFields`): a session that ends meanwhile (it
 * expired, or the player logged out in another tab) loses nothing, and the same account logging in again finds it.
 */
export function ProfileForm({ info, onSaved }: { info: UserInfo; onSaved: (info: UserInfo) => void }) {
  const { t } = useTranslation();
  const { userName } = useSession();
  const kept = useMemo<KeptFields<'birthday' | 'phone'>>(() => ({ form: `profile:${userName}`, names: ['birthday', 'phone'] }), [userName]);
  const { values, field, clear, pending, message, setMessage, check, run, formRef } = useForm(
    'common:errors.submitFailed',
    { birthday: '', phone: info.phone ?? '' },
    kept,
  );
  const { birthday, phone } = values;
  const birthdayInput = useRef<HTMLInputElement>(null);
  const birthdayLocked = info.birthday !== null;
  const today = new Date();
  const earliest = new Date(today.getFullYear() - ACCOUNT_RULES.birthdayAgeMaxYears, today.getMonth(), today.getDate());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A date field holds '' while what was typed is not a whole date; its validity tells the two apart.
    const birthdayTyped = !birthdayLocked && (birthday !== '' || birthdayInput.current?.validity.badInput === true);
    const phoneChanged = phone.trim() !== '' && phone.trim() !== info.phone;
    const valid = await check((schemas) => ({
      birthday: birthdayTyped ? fieldErrorKey(schemas.birthdaySchema, birthday) : null,
      phone: phoneChanged ? fieldErrorKey(schemas.phoneSchema, phone) : null,
    }));
    if (!valid) return;
    if (!birthdayTyped && !phoneChanged) {
      setMessage({ key: 'account:errors.profileEmpty', tone: 'error' });
      return;
    }
    const body: ProfileUpdateBody = { ...(birthdayTyped ? { birthday } : {}), ...(phoneChanged ? { phone } : {}) };
    await run(async () => {
      const saved = await platformApi().call('updateProfile', { body });
      clear({ phone: saved.phone ?? '' });
      onSaved(saved);
      return 'account:profile.saved';
    });
  };

  return (
    <section className="surface-card" aria-labelledby="profile-heading" data-testid="profile-form">
      <h3 id="profile-heading">{t('account:profile.title')}</h3>
      <form ref={formRef} className={formStyles.stack} onFocus={preloadSchemas} onSubmit={(event) => void submit(event)} noValidate>
        {birthdayLocked ? (
          <p className={formStyles.hint} data-testid="birthday-locked">
            {t('account:profile.birthdayLocked')}
          </p>
        ) : (
          <Field
            ref={birthdayInput}
            label={t('account:profile.birthday')}
            type="date"
            autoComplete="bday"
            min={localDay(earliest)}
            max={localDay(today)}
            {...field('birthday')}
            hint={t('account:profile.birthdayHint')}
            data-testid="birthday-input"
          />
        )}
        <Field
          label={t('account:profile.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          enterKeyHint="done"
          dir="ltr"
          {...field('phone')}
          hint={t('account:profile.phoneHint')}
          data-testid="phone-input"
        />
        <FormMessage message={message} />
        <button type="submit" className="button-primary" aria-disabled={pending} data-testid="profile-submit">
          {t('account:profile.submit')}
        </button>
      </form>
    </section>
  );
}
